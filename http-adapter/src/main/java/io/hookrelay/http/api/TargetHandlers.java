package io.hookrelay.http.api;

import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.usecase.ManageTargets;
import io.hookrelay.http.ApiRequest;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code /api/v1/targets}: where deliveries go. A target's signing secret is shown only in the answers to its
 * create and to a rotation; a {@code secret} in a replace's body rotates it too, without showing it.
 */
final class TargetHandlers {
    private static final String TARGETS = "/api/v1/targets";
    private static final String TARGET = TARGETS + "/{id}";

    private final ManageTargets targets;

    TargetHandlers(ManageTargets targets) {
        this.targets = Objects.requireNonNull(targets, "targets");
    }

    void addTo(ApiEndpoints api) {
        // With the target's signing secret, this once.
        api.post(TARGETS, request -> Reply.created(TargetJson.created(targets.create(request.tenant(), request.jsonBody(TargetRequest.class).toDraft()))));
        api.get(TARGETS, request -> Reply.ok(DataJson.of(targets.list(request.tenant()), TargetJson::of)));
        api.get(TARGET, request -> Reply.ok(TargetJson.of(targets.get(request.tenant(), id(request)))));
        api.put(TARGET, this::replace);
        // Its routes go, its open deliveries are cancelled.
        api.delete(TARGET, TargetHandlers::id, targets::delete);
        // Its deliveries wait, pending, until a resume; then they go out.
        api.postAction(TARGET + "/pause", TargetHandlers::id, (tenant, id) -> Reply.ok(TargetJson.of(targets.pause(tenant, id))));
        api.postAction(TARGET + "/resume", TargetHandlers::id, (tenant, id) -> Reply.ok(TargetJson.of(targets.resume(tenant, id))));
        api.post(TARGET + "/rotate-secret", this::rotateSecret);
    }

    /** The full settings. */
    private Reply replace(ApiRequest request) {
        String id = id(request);
        return Reply.ok(TargetJson.of(targets.replace(request.tenant(), request.jsonBody(TargetRequest.class).toReplacement(id))));
    }

    /** The target with its new secret. */
    private Reply rotateSecret(ApiRequest request) {
        String id = id(request);
        RotateSecretRequest rotation = request.optionalJsonBody(RotateSecretRequest.class).orElse(RotateSecretRequest.DEFAULTS);
        return Reply.ok(TargetJson.withSecret(targets.rotateSecret(request.tenant(), id, rotation.grace(), rotation.scheme())));
    }

    private static String id(ApiRequest request) {
        return ResourceIds.require(request.pathParameter("id"), "target");
    }

    /**
     * A rotation: how long the current secret keeps signing beside the new one ({@code grace_s}, default a day),
     * and the new secret's scheme ({@code signature}, default the current one's).
     */
    record RotateSecretRequest(Long graceS, String signature) {
        static final RotateSecretRequest DEFAULTS = new RotateSecretRequest(null, null);

        Duration grace() {
            return graceS == null ? ManageTargets.DEFAULT_GRACE : Duration.ofSeconds(graceS);
        }

        Optional<SignatureScheme> scheme() {
            return Optional.ofNullable(signature).map(Fields::signature);
        }
    }
}
