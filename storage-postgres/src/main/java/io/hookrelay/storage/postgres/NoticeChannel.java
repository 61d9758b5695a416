package io.hookrelay.storage.postgres;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.QueueNotices;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The queue's changes as PostgreSQL notifications, so other processes' pools hear of them at once rather than
 * at their next poll: new or newly due work, paused pairs, revoked claims. A notification is only a hint; a
 * lost one costs a poll's delay, never work.
 *
 * <p>A payload is the sending store's origin, a letter and its fields, separated by spaces, each field
 * URL-encoded: {@code <origin> w}, {@code <origin> p <kind> <target>}, {@code <origin> r <id> <token> …}.
 * A store ignores its own: what it does itself its process already knows.
 */
final class NoticeChannel {
    /** Below PostgreSQL's 8000-byte payload limit, with room for the origin. */
    private static final int MAX_PAYLOAD = 7_000;
    private static final String WORK = "w";
    private static final String PAUSED = "p";
    private static final String REVOKED = "r";

    private final String channel;
    private final String origin;

    private NoticeChannel(String channel, String origin) {
        this.channel = channel;
        this.origin = origin;
    }

    /**
     * Notices of the queue in {@code schema}: stores in other schemas of the same database have other tables
     * and must not hear these. The channel is named after a hash of the schema, since a channel name is an
     * identifier of at most 63 bytes.
     */
    static NoticeChannel forSchema(String schema) {
        byte[] originBytes = new byte[8];
        new SecureRandom().nextBytes(originBytes);
        return new NoticeChannel("hookrelay_queue_" + HexFormat.of().formatHex(sha256(schema), 0, 12),
                HexFormat.of().formatHex(originBytes));
    }

    String name() {
        return channel;
    }

    /**
     * Sends the pauses and revoked claims among {@code changes} from inside their transaction, which
     * PostgreSQL delivers only if it commits. Work is announced apart, by {@link WorkAnnouncer}: pauses and
     * revocations are rare, work is every enqueue.
     */
    void announce(Handle handle, QueueNotices changes) {
        if (changes.pauses().isEmpty() && changes.revoked().isEmpty()) {
            return;
        }
        List<String> payloads = new ArrayList<>();
        changes.pauses().forEach(pause -> payloads.add(origin + " " + PAUSED + " " + encode(pause.kind()) + " " + encode(pause.target())));
        StringBuilder revoked = new StringBuilder();
        for (ClaimRef claim : changes.revoked()) {
            String fields = " " + encode(claim.intentId()) + " " + encode(claim.token());
            if (revoked.length() > 0 && revoked.length() + fields.length() > MAX_PAYLOAD) {
                payloads.add(revoked.toString());
                revoked.setLength(0);
            }
            if (revoked.length() == 0) {
                revoked.append(origin).append(' ').append(REVOKED);
            }
            revoked.append(fields);
        }
        if (revoked.length() > 0) {
            payloads.add(revoked.toString());
        }
        send(handle, payloads);
    }

    private void send(Handle handle, List<String> payloads) {
        handle.createQuery("SELECT count(pg_notify(:channel, payload)) FROM unnest(CAST(:payloads AS text[])) AS payload")
                .bind("channel", channel)
                .bind("payloads", payloads.toArray(String[]::new))
                .mapTo(Long.class)
                .one();
    }

    /** Tells other processes that work may be claimable, in a statement of its own. */
    void announceWork(Handle handle) {
        send(handle, List.of(origin + " " + WORK));
    }

    /** Tells {@code listener} what another store's notification says; ignores this store's own and garbage. */
    void tell(String payload, QueueListener listener) {
        String[] parts = payload.split(" ");
        if (parts.length < 2 || parts[0].equals(origin)) {
            return;
        }
        String letter = parts[1];
        if (WORK.equals(letter)) {
            listener.workAvailable();
        } else if (PAUSED.equals(letter) && parts.length == 4) {
            listener.paused(decode(parts[2]), decode(parts[3]));
        } else if (REVOKED.equals(letter) && parts.length % 2 == 0) {
            for (int i = 2; i < parts.length; i += 2) {
                listener.claimRevoked(new ClaimRef(decode(parts[i]), decode(parts[i + 1])));
            }
        }
    }

    private static String encode(String field) {
        return URLEncoder.encode(field, StandardCharsets.UTF_8);
    }

    private static String decode(String field) {
        return URLDecoder.decode(field, StandardCharsets.UTF_8);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }
}
