package io.hookrelay.http;

import io.hookrelay.delivery.SignatureScheme;
import io.hookrelay.delivery.admin.TargetAdmin;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code POST /api/v1/targets/{id}/rotate-secret}: how long the current secret keeps signing beside the new one
 * ({@code grace_s}, default a day), and the new secret's scheme ({@code signature}, default the current one's).
 */
record RotateSecretRequest(Long graceS, String signature) {
    static final RotateSecretRequest DEFAULTS = new RotateSecretRequest(null, null);

    Duration grace() {
        return graceS == null ? TargetAdmin.DEFAULT_GRACE : Duration.ofSeconds(graceS);
    }

    Optional<SignatureScheme> scheme() {
        return Optional.ofNullable(signature).map(Fields::signature);
    }
}
