package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.PreviousSecret;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.signing.SecretCipher;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a {@link Target} is stored: one row of flat values by column name, its signing secrets sealed and its
 * retry schedule in whole seconds, the API's unit, so nothing is rounded on the way through. An adapter
 * supplies only its database's form of a list (see {@link StoredForms}).
 */
public final class TargetColumns {
    /** The columns {@link #read} reads. */
    public static final String NAMES = "id, url, secret, timeout_ms, retry_schedule_s, max_in_flight, rate_limit_per_s, "
            + "previous_secret, previous_secret_until, ordering";

    private TargetColumns() {
    }

    /**
     * The values a target is inserted or updated with, by column name, and {@code now} for its times: one
     * reading of a target for both.
     *
     * @throws IllegalArgumentException when a retry wait is not whole seconds
     */
    public static Map<String, Object> values(Target target, StoredForms<?> forms, SecretCipher secrets, Instant now) {
        Map<String, Object> columns = new HashMap<>();
        columns.put("id", target.id());
        columns.put("url", target.url().toString());
        columns.put("secret", secrets.seal(target.secret()));
        columns.put("timeout_ms", target.timeout().toMillis());
        columns.put("retry_schedule_s", forms.ofLongs(wholeSeconds(target.retrySchedule())));
        columns.put("max_in_flight", target.maxInFlight());
        columns.put("rate_limit_per_s", target.rateLimit().map(RateLimit::perSecond).orElse(null));
        columns.put("previous_secret", target.previousSecret().map(previous -> secrets.seal(previous.secret())).orElse(null));
        columns.put("previous_secret_until", target.previousSecret().map(previous -> previous.until().toEpochMilli()).orElse(null));
        columns.put("ordering", target.ordering().wireName());
        columns.put("now", now.toEpochMilli());
        return columns;
    }

    /** @throws IllegalStateException when the secret does not open */
    public static <X extends Exception> Target read(StoredRow<X> row, StoredForms<X> forms, SecretCipher secrets) throws X {
        return new Target(
                row.text("id"),
                URI.create(row.text("url")),
                secrets.open(row.text("secret")),
                Duration.ofMillis(row.longInteger("timeout_ms")),
                forms.longs(row.value("retry_schedule_s")).stream().map(Duration::ofSeconds).toList(),
                row.integer("max_in_flight"),
                rateLimit(row),
                previousSecret(row, secrets),
                DeliveryOrdering.fromWireName(row.text("ordering"))
                        .orElseThrow(() -> new IllegalStateException("a stored target's ordering is none or fifo")));
    }

    private static <X extends Exception> Optional<RateLimit> rateLimit(StoredRow<X> row) throws X {
        Object perSecond = row.value("rate_limit_per_s");
        return perSecond == null ? Optional.empty() : Optional.of(new RateLimit(((Number) perSecond).doubleValue()));
    }

    private static <X extends Exception> Optional<PreviousSecret> previousSecret(StoredRow<X> row, SecretCipher secrets) throws X {
        String sealed = row.text("previous_secret");
        return sealed == null ? Optional.empty() : Optional.of(new PreviousSecret(secrets.open(sealed), row.instant("previous_secret_until")));
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
