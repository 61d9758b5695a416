package io.hookrelay.http;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.usecase.ManageTargets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link ManageTargets} that notes what it is given ({@code "pause <id>"}, the draft to create…) and answers with
 * {@link Samples}: a paused target, but a resumed one from a resume.
 */
public class RecordingTargets implements ManageTargets {
    public final List<Object> given = new CopyOnWriteArrayList<>();

    @Override
    public Target create(TenantId tenant, TargetDraft draft) {
        given.add(draft);
        return Samples.target();
    }

    @Override
    public List<TargetView> list(TenantId tenant) {
        given.add("list");
        return List.of(Samples.pausedTarget());
    }

    @Override
    public TargetView get(TenantId tenant, String id) {
        given.add("get " + id);
        return Samples.pausedTarget();
    }

    @Override
    public TargetView replace(TenantId tenant, TargetDraft draft) {
        given.add(draft);
        return Samples.pausedTarget();
    }

    @Override
    public void delete(TenantId tenant, String id) {
        given.add("delete " + id);
    }

    @Override
    public TargetView pause(TenantId tenant, String id) {
        given.add("pause " + id);
        return Samples.pausedTarget();
    }

    @Override
    public TargetView resume(TenantId tenant, String id) {
        given.add("resume " + id);
        return new TargetView(Samples.target(), false);
    }

    @Override
    public TargetView rotateSecret(TenantId tenant, String id, Duration grace, Optional<SignatureScheme> scheme) {
        given.add("rotate " + id + " " + grace + " " + scheme);
        return Samples.pausedTarget();
    }
}
