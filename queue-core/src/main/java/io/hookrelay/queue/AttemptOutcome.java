package io.hookrelay.queue;

import java.util.Locale;

/** How one attempt ended, as counted in {@code relay_work_attempts_total{outcome}}. */
public enum AttemptOutcome {
    SUCCESS,
    /** The handler asked for a retry, or threw; the intent was retried or, with its policy exhausted, failed. */
    ERROR,
    /** The handler's verdict was {@link Verdict.Failed}: the intent failed at once. */
    STOP,
    /** The claim was lost, or given up at shutdown, during the attempt; its result was discarded. */
    FENCED,
    /** No handler is registered for the intent's kind; it is retried in case one appears. */
    NO_HANDLER,
    /**
     * Begun and never settled: logged by the store when it takes the intent from its worker (see
     * {@link AttemptRecord.Abandonment}), never by a worker, which cannot know of its own loss.
     */
    ABANDONED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
