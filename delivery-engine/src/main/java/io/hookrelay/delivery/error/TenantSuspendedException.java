package io.hookrelay.delivery.error;

/** The tenant is suspended: it takes no webhooks and its keys open nothing until the operator resumes it. */
public final class TenantSuspendedException extends RelayException {
    public TenantSuspendedException(String tenantId) {
        super("tenant_suspended", "tenant " + tenantId + " is suspended");
    }
}
