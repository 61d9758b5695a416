package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;

/** How a claimed intent leaves {@code running}: the change a worker writes under its claim's fence. */
public sealed interface Settlement {

    /** Whether the intent ends with it, letting whatever waits behind it in its FIFO lane go. */
    default boolean ends() {
        return this instanceof Complete || this instanceof Fail;
    }

    /** The work is done: {@code completed}. */
    record Complete() implements Settlement {
    }

    /** Back to {@code pending}, due at {@code nextAt}, with the attempt counted and its error kept. */
    record Retry(Instant nextAt, String error) implements Settlement {
        public Retry {
            Objects.requireNonNull(nextAt, "nextAt");
            Objects.requireNonNull(error, "error");
        }
    }

    /** For good: {@code failed}, with why. */
    record Fail(String error) implements Settlement {
        public Fail {
            Objects.requireNonNull(error, "error");
        }
    }

    /**
     * The attempt never really started (the handler found its counterpart busy): back to {@code pending},
     * due at {@code nextAt}, and the claim's attempt is given back, so waiting for capacity never uses up a
     * retry schedule. The last error is left as it was.
     */
    record Snooze(Instant nextAt) implements Settlement {
        public Snooze {
            Objects.requireNonNull(nextAt, "nextAt");
        }
    }
}
