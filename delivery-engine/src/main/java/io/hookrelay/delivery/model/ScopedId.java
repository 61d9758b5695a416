package io.hookrelay.delivery.model;

import java.util.Objects;

/**
 * A source's or target's id together with its tenant, which ids are unique within. Its {@link #key() key} is the one
 * string the tenant-free queue knows a target by (the intent's {@code target}, the key of pauses and slots):
 * {@code tenant/id}, or the bare id in the {@code default} tenant, so the rows written before tenants existed keep
 * their keys. Neither part can hold a {@code /}, so a key names one pair.
 */
public record ScopedId(TenantId tenant, String id) {

    public ScopedId {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
    }

    /** @throws IllegalArgumentException when {@code key} names no tenant's resource */
    public static ScopedId ofKey(String key) {
        int slash = key.indexOf('/');
        ScopedId scoped = slash < 0
                ? new ScopedId(TenantId.DEFAULT, key)
                : new ScopedId(TenantId.of(key.substring(0, slash)), key.substring(slash + 1));
        if (!ResourceIds.isValid(scoped.id) || (slash >= 0 && scoped.tenant.isDefault())) {
            throw new IllegalArgumentException("not a scoped id: " + key);
        }
        return scoped;
    }

    /** The queue's namespace of the tenant's keys: the part of each before its {@code /}, empty in {@code default}. */
    public static String namespaceOf(TenantId tenant) {
        return tenant.isDefault() ? "" : tenant.value();
    }

    public String key() {
        return tenant.isDefault() ? id : tenant.value() + "/" + id;
    }

    @Override
    public String toString() {
        return key();
    }
}
