package io.hookrelay.cli.admin;

import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The settings {@code target add} and {@code target update} take alike, as a picocli mixin: an option left out is
 * the server's default for a new target, and stays as it is for an existing one.
 */
final class TargetOptions {
    @Option(names = "--secret", paramLabel = "SECRET",
            description = "The signing secret, whsec_ + base64, or whsk_ + base64 of an ed25519 seed for v1a "
                    + "(a new target's: a new random one).")
    private String secret;

    @ArgGroup
    private RateLimit rateLimit;

    @Option(names = "--signature", paramLabel = "v1|v1a",
            description = "How deliveries are signed: v1 (HMAC-SHA256, a new target's) or v1a (ed25519; receivers verify "
                    + "with the public key shown). Another scheme needs a --secret of its kind; rotate-secret --signature "
                    + "changes it with a grace period.")
    private String signature;

    @Option(names = "--ordering", paramLabel = "none|fifo",
            description = "fifo: one delivery at a time, in the order events came in; one that keeps failing holds "
                    + "the later ones back (a new target's: none).")
    private String ordering;

    @Option(names = "--timeout-ms", paramLabel = "MS", description = "How long one attempt may take (a new target's: 15000).")
    private Integer timeoutMs;

    @Option(names = "--retry-schedule", paramLabel = "WAITS", converter = RetrySchedule.Converter.class,
            description = "Waits before retry 1, 2, …, such as 5s,5m,30m,2h (a bare number is seconds), "
                    + "or none (a new target's: 5s,5m,30m,2h,5h,10h,14h,20h,1d).")
    private RetrySchedule retrySchedule;

    @Option(names = "--max-in-flight", paramLabel = "N",
            description = "Deliveries sent to it at once, at most (a new target's: 10).")
    private Integer maxInFlight;

    /** A limit, or none: never both. */
    static final class RateLimit {
        @Option(names = "--rate-limit-per-s", paramLabel = "N",
                description = "Deliveries started per second at most, over every worker and node, such as 5 or 0.5 "
                        + "(a new target's: none).")
        private Double perSecond;

        @Option(names = "--no-rate-limit", description = "No rate limit, as a new target has.")
        private boolean none;

        Double perSecond() {
            return none ? null : perSecond;
        }
    }

    /**
     * {@code kept} with every option given in its place. Only a given secret and scheme are sent, since answers never
     * show the secret, and a replace without one keeps the target's, of its own scheme.
     */
    TargetBody applyTo(TargetBody kept) {
        return new TargetBody(kept.id(), kept.url(), secret, Optional.ofNullable(timeoutMs).orElse(kept.timeoutMs()),
                retrySchedule == null ? kept.retryScheduleS() : retrySchedule.waitsSeconds(),
                Optional.ofNullable(maxInFlight).orElse(kept.maxInFlight()),
                rateLimit == null ? kept.rateLimitPerS() : rateLimit.perSecond(), signature,
                Optional.ofNullable(ordering).orElse(kept.ordering()));
    }

    boolean givesSecret() {
        return secret != null;
    }
}
