package io.hookrelay.delivery.send;

/** STUB: consecutive failed attempts per target, for auto-pause; in memory. */
public final class TargetHealth {
    public TargetHealth(int autoPauseAfter) {
        throw new UnsupportedOperationException("stub");
    }

    /** Records a failed attempt; true when this failure reaches the auto-pause threshold. */
    public boolean failed(String targetId) {
        throw new UnsupportedOperationException("stub");
    }

    public void succeeded(String targetId) {
        throw new UnsupportedOperationException("stub");
    }

    /** Forgets the target's failures, as when an operator resumes it. */
    public void reset(String targetId) {
        throw new UnsupportedOperationException("stub");
    }
}
