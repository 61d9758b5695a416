package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where deliveries go, and how patiently.
 *
 * @param secret         the Standard Webhooks signing secret, {@code whsec_} or {@code whsk_} (its prefix is the
 *                       {@link SignatureScheme}); returned by the API only when created or rotated
 * @param retrySchedule  the waits before retry 1, 2, …; the first attempt is immediate, and once the list is
 *                       used up the delivery fails
 * @param maxInFlight    how many deliveries this target may have in flight at once, so a slow receiver is
 *                       not buried by a backlog released all at once
 * @param rateLimit      how many deliveries a second may start, over every worker and node; none without
 * @param previousSecret the secret before the last rotation, while it still signs beside this one
 * @param ordering       whether deliveries go one at a time in ingest order
 */
public record Target(String id, URI url, String secret, Duration timeout, List<Duration> retrySchedule, int maxInFlight,
                     Optional<RateLimit> rateLimit, Optional<PreviousSecret> previousSecret, DeliveryOrdering ordering) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
    public static final Duration LONGEST_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration SHORTEST_TIMEOUT = Duration.ofMillis(100);
    public static final List<Duration> DEFAULT_RETRY_SCHEDULE = List.of(
            Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5),
            Duration.ofHours(10), Duration.ofHours(14), Duration.ofHours(20), Duration.ofHours(24));
    public static final Duration LONGEST_RETRY_WAIT = Duration.ofDays(7);
    public static final int MOST_RETRIES = 50;
    public static final int DEFAULT_MAX_IN_FLIGHT = 10;
    public static final int LARGEST_MAX_IN_FLIGHT = 1000;
    private static final int LONGEST_URL = 2048;
    private static final int NO_PORT = -1;
    private static final int LARGEST_PORT = 65535;

    public Target {
        ResourceIds.require(id, "target");
        requireDeliverable(url);
        WebhookSecrets.requireSigningSecret(secret, "secret");
        Objects.requireNonNull(rateLimit, "rateLimit");
        Objects.requireNonNull(previousSecret, "previousSecret");
        Objects.requireNonNull(ordering, "ordering");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.compareTo(SHORTEST_TIMEOUT) < 0 || timeout.compareTo(LONGEST_TIMEOUT) > 0) {
            throw new InvalidRequestException("timeout_ms must be between " + SHORTEST_TIMEOUT.toMillis() + " and " + LONGEST_TIMEOUT.toMillis());
        }
        retrySchedule = List.copyOf(Objects.requireNonNull(retrySchedule, "retrySchedule"));
        if (retrySchedule.size() > MOST_RETRIES) {
            throw new InvalidRequestException("retry_schedule_s may list at most " + MOST_RETRIES + " waits");
        }
        for (Duration wait : retrySchedule) {
            if (wait.isNegative() || wait.compareTo(LONGEST_RETRY_WAIT) > 0) {
                throw new InvalidRequestException("each retry_schedule_s wait must be between 0 and " + LONGEST_RETRY_WAIT.toSeconds());
            }
        }
        if (maxInFlight < 1 || maxInFlight > LARGEST_MAX_IN_FLIGHT) {
            throw new InvalidRequestException("max_in_flight must be between 1 and " + LARGEST_MAX_IN_FLIGHT);
        }
    }

    /**
     * A URL as a client writes it, read as a URI; whether deliveries may go to it is the constructor's to say. The JDK's
     * parser throws {@link NumberFormatException} rather than {@link URISyntaxException} for some IPv6 literals (a long
     * run of digits in an IPv4 part, {@code http://[::1.2.3.0777777777777]/}): both are text that is not a URL.
     *
     * @throws InvalidRequestException when the text is not a URL
     */
    public static URI parseUrl(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException | NumberFormatException notAUrl) {
            throw new InvalidRequestException("url is not a valid URL");
        }
    }

    /** A target without a rate limit that has not rotated its secret and takes deliveries in any order. */
    public Target(String id, URI url, String secret, Duration timeout, List<Duration> retrySchedule, int maxInFlight) {
        this(id, url, secret, timeout, retrySchedule, maxInFlight, Optional.empty(), Optional.empty());
    }

    /** A target that takes deliveries in any order. */
    public Target(String id, URI url, String secret, Duration timeout, List<Duration> retrySchedule, int maxInFlight,
                  Optional<RateLimit> rateLimit, Optional<PreviousSecret> previousSecret) {
        this(id, url, secret, timeout, retrySchedule, maxInFlight, rateLimit, previousSecret, DeliveryOrdering.NONE);
    }

    public SignatureScheme signature() {
        return SignatureScheme.of(secret);
    }

    /** The secrets a delivery attempted at {@code now} is signed with: this one, and the previous one within its grace. */
    public List<String> signingSecrets(Instant now) {
        return previousSecret.filter(previous -> previous.signsAt(now))
                .map(previous -> List.of(secret, previous.secret()))
                .orElse(List.of(secret));
    }

    /** This target without a previous secret whose grace is over: kept, it would only lie sealed in every backup. */
    public Target current(Instant now) {
        if (previousSecret.filter(previous -> !previous.signsAt(now)).isEmpty()) {
            return this;
        }
        return new Target(id, url, secret, timeout, retrySchedule, maxInFlight, rateLimit, Optional.empty(), ordering);
    }

    /** This target with another timeout, everything else as it is. */
    public Target withTimeout(Duration otherTimeout) {
        return new Target(id, url, secret, otherTimeout, retrySchedule, maxInFlight, rateLimit, previousSecret, ordering);
    }

    /** This target with {@code newSecret}, and the current one signing beside it until {@code until} (none when not later than now). */
    public Target rotatedTo(String newSecret, Instant until, Instant now) {
        Optional<PreviousSecret> previous = until.isAfter(now) ? Optional.of(new PreviousSecret(secret, until)) : Optional.empty();
        return new Target(id, url, newSecret, timeout, retrySchedule, maxInFlight, rateLimit, previous, ordering);
    }

    private static void requireDeliverable(URI url) {
        Objects.requireNonNull(url, "url");
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null || !url.isAbsolute()
                || url.getRawUserInfo() != null || url.getRawFragment() != null || url.toString().length() > LONGEST_URL) {
            throw new InvalidRequestException("url must be an absolute http or https URL with a host, no user info or fragment, at most " + LONGEST_URL + " characters");
        }
        if (url.getPort() != NO_PORT && (url.getPort() < 1 || url.getPort() > LARGEST_PORT)) {
            throw new InvalidRequestException("url's port must be between 1 and " + LARGEST_PORT + ", or left out for the scheme's own");
        }
    }

    @Override
    public String toString() {
        return "Target[id=" + id + ", url=" + url + ", timeout=" + timeout + ", retrySchedule=" + retrySchedule
                + ", maxInFlight=" + maxInFlight + ", ordering=" + ordering.wireName() + rateLimit.map(limit -> ", rateLimit=" + limit.perSecond() + "/s").orElse("")
                + ", signature=" + signature().wireName() + ", secret=(hidden)"
                + previousSecret.map(previous -> ", previous secret until " + previous.until()).orElse("") + "]";
    }
}
