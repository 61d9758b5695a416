package io.hookrelay.queue;

import java.time.Duration;

/**
 * Where the queue reports what it does. Kinds arrive already normalised by {@link KindLabels}, so an
 * adapter can use them as label values as they are.
 */
public interface QueueMetrics {

    /** Reports nothing: the default for a program that does not export metrics. */
    QueueMetrics NONE = new QueueMetrics() {
        @Override
        public void attemptFinished(String kindLabel, AttemptOutcome outcome, Duration duration) {
        }

        @Override
        public void storeRetried(String operation) {
        }
    };

    void attemptFinished(String kindLabel, AttemptOutcome outcome, Duration duration);

    /** A store call failed transiently and is being repeated. */
    void storeRetried(String operation);
}
