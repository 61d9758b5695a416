package io.hookrelay.delivery.retention;

/**
 * What one sweep deleted.
 *
 * @param finished false when the sweep was told to stop before it ran out of work
 */
public record Sweep(int deliveriesDeleted, int eventsDeleted, boolean finished) {
    public Sweep {
        if (deliveriesDeleted < 0 || eventsDeleted < 0) {
            throw new IllegalArgumentException("deleted counts are never negative");
        }
    }

    public boolean deletedAnything() {
        return deliveriesDeleted > 0 || eventsDeleted > 0;
    }
}
