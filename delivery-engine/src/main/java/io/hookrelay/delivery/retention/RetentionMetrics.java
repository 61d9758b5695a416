package io.hookrelay.delivery.retention;

/** Where retention reports what it deleted, batch by batch, so progress shows during a long sweep. */
public interface RetentionMetrics {

    RetentionMetrics NONE = new RetentionMetrics() {
        @Override
        public void deliveriesDeleted(int count) {
        }

        @Override
        public void eventsDeleted(int count) {
        }
    };

    void deliveriesDeleted(int count);

    void eventsDeleted(int count);
}
