package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.signing.SignatureScheme;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The targets deliveries go to, as an operator keeps and steers them (DESIGN §5). A target's signing secret is shown
 * only by {@link #create} and {@link #rotateSecret}.
 */
public interface ManageTargets {
    /** How long a rotated-out secret keeps signing when the operator does not say. */
    Duration DEFAULT_GRACE = Duration.ofHours(24);

    /**
     * @return the target with its signing secret, generated unless the draft has one
     * @throws io.hookrelay.delivery.error.ConflictException       when a target with this id exists
     * @throws io.hookrelay.delivery.error.InvalidRequestException when its URL is one the relay may not deliver to
     */
    Target create(TenantId tenant, TargetDraft draft);

    List<TargetView> list(TenantId tenant);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such target */
    TargetView get(TenantId tenant, String id);

    /**
     * Replaces the target's settings, keeping its secret unless the draft gives one.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException       when there is no such target
     * @throws io.hookrelay.delivery.error.InvalidRequestException when its URL is one the relay may not deliver to
     */
    TargetView replace(TenantId tenant, TargetDraft draft);

    /**
     * Deletes the target and its routes and cancels its open deliveries.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such target
     * @throws io.hookrelay.delivery.error.ConflictException when it is the operator target
     */
    void delete(TenantId tenant, String id);

    /**
     * Holds the target's deliveries, pending, until {@link #resume}.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such target
     */
    TargetView pause(TenantId tenant, String id);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such target */
    TargetView resume(TenantId tenant, String id);

    /**
     * Gives the target a new secret, of its own scheme or {@code scheme}, while the current one keeps signing beside
     * it for {@code grace}.
     *
     * @return the target with its new secret
     * @throws io.hookrelay.delivery.error.NotFoundException       when there is no such target
     * @throws io.hookrelay.delivery.error.InvalidRequestException when {@code grace} is out of range
     * @throws io.hookrelay.delivery.error.ConflictException       when an earlier rotation's grace still runs
     */
    TargetView rotateSecret(TenantId tenant, String id, Duration grace, Optional<SignatureScheme> scheme);
}
