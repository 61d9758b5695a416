package io.hookrelay.queue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * A request to enqueue work. {@code (kind, eventId, target)} names the work: enqueueing the same triple
 * again is a no-op, which is what lets a producer retry its own enqueue after a crash without doubling it.
 *
 * @param id     the intent id; when not given it is derived from the triple, so two producers that never
 *               talked agree on it
 * @param nextAt  when the first attempt becomes due; empty means "now" as the store's caller sees it
 * @param fifoKey the FIFO lane the intent joins, if any: intents sharing a key, whatever their kind, are run one
 *                at a time in the order they were enqueued. Only the lane's head, the earliest that has not
 *                ended, can be claimed; it holds the rest back while it waits for a retry, and lets the next
 *                one go once it completes, fails for good or is cancelled.
 */
public record NewIntent(String id, String kind, String eventId, String target, String payload, Optional<Instant> nextAt,
        Optional<String> fifoKey) {

    /** Upper bound on a FIFO key's length, so a store can index it. */
    public static final int MAX_FIFO_KEY_LENGTH = 200;

    public NewIntent {
        requireText(kind, "kind");
        requireText(eventId, "eventId");
        requireText(target, "target");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(nextAt, "nextAt");
        Objects.requireNonNull(fifoKey, "fifoKey");
        fifoKey.ifPresent(NewIntent::requireFifoKey);
        id = id == null ? defaultId(kind, eventId, target) : id;
        requireText(id, "id");
    }

    /** Work in no FIFO lane. */
    public NewIntent(String id, String kind, String eventId, String target, String payload, Optional<Instant> nextAt) {
        this(id, kind, eventId, target, payload, nextAt, Optional.empty());
    }

    /** Work due now, with the derived id. */
    public static NewIntent of(String kind, String eventId, String target, String payload) {
        return new NewIntent(null, kind, eventId, target, payload, Optional.empty());
    }

    /** The same work, first due at {@code at}. */
    public NewIntent dueAt(Instant at) {
        return new NewIntent(id, kind, eventId, target, payload, Optional.of(at), fifoKey);
    }

    /** The same work, in the FIFO lane {@code key}. */
    public NewIntent inFifo(String key) {
        return new NewIntent(id, kind, eventId, target, payload, nextAt, Optional.of(key));
    }

    /** {@code sha256_hex(kind + "\0" + eventId + "\0" + target)}: NUL cannot occur inside the parts' meaning. */
    public static String defaultId(String kind, String eventId, String target) {
        return sha256Hex(kind + "\0" + eventId + "\0" + target);
    }

    static String sha256Hex(String text) {
        return HexFormat.of().formatHex(sha256(text));
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    private static void requireFifoKey(String key) {
        requireText(key, "fifoKey");
        if (key.length() > MAX_FIFO_KEY_LENGTH) {
            throw new IllegalArgumentException("fifoKey must be at most " + MAX_FIFO_KEY_LENGTH + " characters");
        }
    }

    private static void requireText(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
    }
}
