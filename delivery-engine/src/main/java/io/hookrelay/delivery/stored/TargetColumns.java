package io.hookrelay.delivery.stored;

import io.hookrelay.delivery.SecretCipher;
import io.hookrelay.delivery.Target;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * How a {@link Target} is stored: one row of flat values by column name, its signing secret sealed and its
 * retry schedule in whole seconds, the API's unit, so nothing is rounded on the way through. An adapter
 * supplies only its database's form of a list (see {@link StoredForms}).
 */
public final class TargetColumns {
    /** The columns {@link #read} reads. */
    public static final String NAMES = "id, url, secret, timeout_ms, retry_schedule_s, max_in_flight";

    private TargetColumns() {
    }

    /**
     * The values a target is inserted or updated with, by column name, and {@code now} for its times: one
     * reading of a target for both.
     *
     * @throws IllegalArgumentException when a retry wait is not whole seconds
     */
    public static Map<String, Object> values(Target target, StoredForms<?> forms, SecretCipher secrets, Instant now) {
        return Map.of(
                "id", target.id(),
                "url", target.url().toString(),
                "secret", secrets.seal(target.secret()),
                "timeout_ms", target.timeout().toMillis(),
                "retry_schedule_s", forms.ofLongs(wholeSeconds(target.retrySchedule())),
                "max_in_flight", target.maxInFlight(),
                "now", now.toEpochMilli());
    }

    /** @throws IllegalStateException when the secret does not open */
    public static <X extends Exception> Target read(StoredRow<X> row, StoredForms<X> forms, SecretCipher secrets) throws X {
        return new Target(
                row.text("id"),
                URI.create(row.text("url")),
                secrets.open(row.text("secret")),
                Duration.ofMillis(row.longInteger("timeout_ms")),
                forms.longs(row.value("retry_schedule_s")).stream().map(Duration::ofSeconds).toList(),
                row.integer("max_in_flight"));
    }

    private static List<Long> wholeSeconds(List<Duration> waits) {
        return waits.stream()
                .map(wait -> {
                    if (wait.getNano() != 0) {
                        throw new IllegalArgumentException("retry waits are whole seconds: " + wait);
                    }
                    return wait.getSeconds();
                })
                .toList();
    }
}
