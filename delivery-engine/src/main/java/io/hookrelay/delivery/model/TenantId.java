package io.hookrelay.delivery.model;

/**
 * The tenant a request acts in, and every relay store reads and writes in: a type of its own, so it cannot be
 * passed where a source or target id goes.
 *
 * @throws io.hookrelay.delivery.error.InvalidRequestException when {@code value} is not a valid tenant id
 */
public record TenantId(String value) {
    public static final TenantId DEFAULT = new TenantId("default");

    public TenantId {
        ResourceIds.require(value, "tenant");
    }

    public static TenantId of(String value) {
        return DEFAULT.value.equals(value) ? DEFAULT : new TenantId(value);
    }

    public boolean isDefault() {
        return DEFAULT.value.equals(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
