package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetDraft;
import io.hookrelay.delivery.TargetStore;
import io.hookrelay.delivery.TargetView;
import io.hookrelay.delivery.send.TargetDirectory;
import io.hookrelay.delivery.send.TargetHealth;
import io.hookrelay.queue.IntentQueue;
import java.security.SecureRandom;
import java.util.List;

/** STUB. create returns the Target including its secret (shown once). */
public final class TargetAdmin {
    public TargetAdmin(TargetStore targets, TargetDirectory directory, TargetHealth health, IntentQueue queue, SecureRandom random) {
        throw new UnsupportedOperationException("stub");
    }

    public Target create(TargetDraft draft) {
        throw new UnsupportedOperationException("stub");
    }

    public List<TargetView> list() {
        throw new UnsupportedOperationException("stub");
    }

    public TargetView get(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public TargetView replace(TargetDraft draft) {
        throw new UnsupportedOperationException("stub");
    }

    public void delete(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public TargetView pause(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public TargetView resume(String id) {
        throw new UnsupportedOperationException("stub");
    }
}
