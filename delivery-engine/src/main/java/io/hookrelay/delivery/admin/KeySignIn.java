package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.TenantSuspendedException;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tenant keys signing in. A token is looked up by its SHA-256, and the stored hash compared with the presented one in
 * constant time. What a key is, and whether its tenant is suspended, is kept in memory for {@code maxAge}: every
 * request of a busy key costs no read, and a revocation or suspension made on any node reaches this one within that
 * age. A token that is no key's is never kept, so no one can fill the memory by presenting made-up tokens. When a key
 * was last used is written for every key used in the last second at once, at most once a second: not a write per
 * request.
 */
public final class KeySignIn implements SignInWithKeys {
    /** Short enough that a key revoked on another node stops working here well within a second. */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofMillis(500);
    static final Duration USE_RECORDED_EVERY = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(KeySignIn.class);

    private final TenantKeyStore keys;
    private final TenantStore tenants;
    private final Clock clock;
    private final Duration maxAge;
    private final Map<String, Copy> byTokenHash = new ConcurrentHashMap<>();
    private final Map<String, Instant> unrecordedUse = new ConcurrentHashMap<>();
    private final AtomicReference<Instant> useRecordedAt = new AtomicReference<>(Instant.MIN);

    public KeySignIn(TenantKeyStore keys, TenantStore tenants, Clock clock, Duration maxAge) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
    }

    @Override
    public Optional<KeyGrant> signInHashed(String tokenHash) {
        Instant now = clock.instant();
        Copy copy = byTokenHash.get(tokenHash);
        if (copy == null || !now.isBefore(copy.readAt.plus(maxAge))) {
            copy = read(tokenHash, now);
        }
        if (copy == null || copy.key.expiresAt().filter(expiry -> !now.isBefore(expiry)).isPresent()) {
            return Optional.empty();
        }
        if (copy.suspended) {
            throw new TenantSuspendedException(copy.key.tenantId());
        }
        noteUse(copy.key.id(), now);
        return Optional.of(new KeyGrant(TenantId.of(copy.key.tenantId()), copy.key.id(), copy.key.scope()));
    }

    /** @return null, and nothing kept, when the token is no key's */
    private Copy read(String tokenHash, Instant now) {
        Optional<TenantKey> key = keys.findByTokenHash(tokenHash)
                .filter(stored -> MessageDigest.isEqual(bytes(stored.tokenHash()), bytes(tokenHash)))
                .map(TenantKeyStore.Stored::key);
        Optional<Tenant> tenant = key.flatMap(found -> tenants.find(found.tenantId()));
        if (tenant.isEmpty()) {
            byTokenHash.remove(tokenHash);
            return null;
        }
        Copy copy = new Copy(key.get(), tenant.get().suspended(), now);
        byTokenHash.put(tokenHash, copy);
        return copy;
    }

    /** A write that fails keeps what it would have written for the next one, unless newer use is noted meanwhile. */
    private void noteUse(String keyId, Instant now) {
        unrecordedUse.merge(keyId, now, (noted, later) -> later.isAfter(noted) ? later : noted);
        Instant recordedAt = useRecordedAt.get();
        if (now.isBefore(recordedAt.plus(USE_RECORDED_EVERY)) || !useRecordedAt.compareAndSet(recordedAt, now)) {
            return;
        }
        Map<String, Instant> batch = new HashMap<>(unrecordedUse);
        batch.forEach(unrecordedUse::remove);
        try {
            keys.recordUse(batch);
        } catch (RuntimeException e) {
            batch.forEach((id, at) -> unrecordedUse.merge(id, at, (noted, earlier) -> noted));
            log.warn("when {} keys were last used could not be recorded; trying again in a second: {}", batch.size(), e.getMessage());
        }
    }

    private static byte[] bytes(String hash) {
        return hash.getBytes(StandardCharsets.US_ASCII);
    }

    private record Copy(TenantKey key, boolean suspended, Instant readAt) {
    }
}
