package io.hookrelay.delivery.send;

import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetStore;
import java.util.Optional;

/** STUB: cached reads of targets for the delivery path; admin changes call forget. */
public final class TargetDirectory {
    public TargetDirectory(TargetStore targets) {
        throw new UnsupportedOperationException("stub");
    }

    public Optional<Target> find(String targetId) {
        throw new UnsupportedOperationException("stub");
    }

    public void forget(String targetId) {
        throw new UnsupportedOperationException("stub");
    }
}
