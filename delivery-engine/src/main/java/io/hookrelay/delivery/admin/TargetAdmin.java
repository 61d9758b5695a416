package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.BlockingDelivery;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.operator.PauseCause;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.send.Directory;
import io.hookrelay.delivery.send.TargetHealth;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.WebhookSecrets;
import io.hookrelay.delivery.tenant.Quotas;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageTargets;
import io.hookrelay.queue.IntentQueue;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Operators' management of targets. A replace or delete tells the delivery path's {@link Directory}
 * to forget its copy, so the next attempt uses the new URL, secret and schedule, or finds the target gone.
 * A paused target is the queue's pause of {@code (delivery, id)}: its deliveries stay pending until it is
 * resumed. A URL whose host is an address the egress policy denies is refused before anything is stored;
 * a host name is checked at every attempt instead, since what it resolves to may change.
 */
public final class TargetAdmin implements ManageTargets {
    private static final Logger log = LoggerFactory.getLogger(TargetAdmin.class);
    /** Long enough for any receiver's release cycle; a longer overlap would only keep a leaked secret valid. */
    public static final Duration LONGEST_GRACE = Duration.ofDays(30);

    private final TargetStore targets;
    private final Directory<ScopedId, Target> directory;
    private final TargetHealth health;
    private final IntentQueue queue;
    private final SecureRandom random;
    private final EgressPolicy egress;
    private final SettingsStore settings;
    private final OperatorEvents operatorEvents;
    private final RateLimits rateLimits;
    private final Quotas quotas;

    public TargetAdmin(TargetStore targets, Directory<ScopedId, Target> directory, TargetHealth health, IntentQueue queue, SecureRandom random,
                       EgressPolicy egress, SettingsStore settings, OperatorEvents operatorEvents, RateLimits rateLimits,
                       Quotas quotas) {
        this.targets = Objects.requireNonNull(targets, "targets");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.health = Objects.requireNonNull(health, "health");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.random = Objects.requireNonNull(random, "random");
        this.egress = Objects.requireNonNull(egress, "egress");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.operatorEvents = Objects.requireNonNull(operatorEvents, "operatorEvents");
        this.rateLimits = Objects.requireNonNull(rateLimits, "rateLimits");
        this.quotas = Objects.requireNonNull(quotas, "quotas");
    }

    /**
     * @return the target with its signing secret, generated unless the draft has one: the only time the
     *         secret is shown
     * @throws ConflictException when a target with this id exists, or the tenant has all its quota allows
     * @throws io.hookrelay.delivery.error.InvalidRequestException when its host is an address the egress policy denies
     */
    public Target create(TenantId tenant, TargetDraft draft) {
        Target target = draft.created(WebhookSecrets.generate(random, draft.schemeToGenerate()));
        egress.checkLiteralHost(target.url());
        quotas.requireRoom(tenant, "targets", TenantQuotas::maxTargets, () -> targets.list(tenant).size());
        if (!targets.create(tenant, target)) {
            throw new ConflictException("target " + target.id() + " already exists");
        }
        ScopedId key = new ScopedId(tenant, target.id());
        operatorEvents.forgetTarget(key);
        forgetRateLimit(key);
        return target;
    }

    public List<TargetView> list(TenantId tenant) {
        return targets.list(tenant).stream().map(target -> view(tenant, target)).toList();
    }

    /** @throws NotFoundException when there is no such target */
    public TargetView get(TenantId tenant, String id) {
        return view(tenant, find(tenant, id));
    }

    /**
     * Replaces the target's settings, keeping its secret (and a previous one's grace) unless the draft gives one. A
     * new rate limit starts its bucket over: the line waiting in the old one was counted at the old rate.
     *
     * @throws NotFoundException when there is no such target
     * @throws io.hookrelay.delivery.error.InvalidRequestException when its host is an address the egress policy denies
     */
    public TargetView replace(TenantId tenant, TargetDraft draft) {
        Instant now = queue.clock().instant();
        AtomicReference<Optional<RateLimit>> oldLimit = new AtomicReference<>();
        Target target = targets.change(tenant, draft.id(), current -> {
            Target replaced = draft.replacing(current.current(now));
            egress.checkLiteralHost(replaced.url());
            oldLimit.set(current.rateLimit());
            return replaced;
        }).orElseThrow(() -> missing(draft.id()));
        ScopedId key = new ScopedId(tenant, target.id());
        directory.forget(key);
        if (!target.rateLimit().equals(oldLimit.get())) {
            forgetRateLimit(key);
        }
        return view(tenant, target);
    }

    /**
     * Gives the target a new secret, of its own scheme or {@code scheme}, and keeps the current one signing beside it
     * for {@code grace}: every delivery attempted meanwhile carries a signature under each, so receivers can move to
     * the new secret without a moment in which they refuse the relay's deliveries. Only two secrets ever sign at
     * once, so a rotation with a grace while an earlier one's grace runs is refused: it would end that grace early,
     * and receivers still on the oldest secret would refuse deliveries they were promised. A rotation without a
     * grace is always taken, and stops every old secret at once, as after a leak.
     *
     * @return the target with its new secret: the only answer that shows it
     * @throws NotFoundException when there is no such target
     * @throws io.hookrelay.delivery.error.InvalidRequestException when {@code grace} is negative or longer than {@link #LONGEST_GRACE}
     * @throws ConflictException when {@code grace} is not zero and an earlier rotation's grace has not ended
     */
    public TargetView rotateSecret(TenantId tenant, String id, Duration grace, Optional<SignatureScheme> scheme) {
        if (grace.isNegative() || grace.compareTo(LONGEST_GRACE) > 0) {
            throw new InvalidRequestException("grace_s must be between 0 and " + LONGEST_GRACE.toSeconds());
        }
        Instant now = queue.clock().instant();
        Target rotated = targets.change(tenant, id, stored -> {
            Target current = stored.current(now);
            current.previousSecret().filter(previous -> !grace.isZero()).ifPresent(previous -> {
                throw new ConflictException("rotation_in_progress", "the secret of target " + id + " is rotating until "
                        + previous.until().truncatedTo(ChronoUnit.MILLIS) + ": rotate again after that, or with a grace of 0"
                        + " to stop every old secret now");
            });
            return current.rotatedTo(WebhookSecrets.generate(random, scheme.orElse(current.signature())), now.plus(grace), now);
        }).orElseThrow(() -> missing(id));
        directory.forget(new ScopedId(tenant, id));
        return view(tenant, rotated);
    }

    /**
     * Deletes the target and its routes, lifts its pause and cancels its open deliveries.
     *
     * @throws NotFoundException when there is no such target
     * @throws ConflictException when it is the operator target, whose operator events would then go nowhere
     */
    public void delete(TenantId tenant, String id) {
        if (settings.read(tenant).isOperatorTarget(id)) {
            throw new ConflictException("target " + id + " is the operator target; set another in the settings first");
        }
        if (!targets.delete(tenant, id, queue.clock().instant())) {
            throw missing(id);
        }
        ScopedId key = new ScopedId(tenant, id);
        directory.forget(key);
        health.reset(key);
        operatorEvents.forgetTarget(key);
        forgetRateLimit(key);
    }

    /**
     * After the change it follows has committed, so a store that cannot forget now only leaves the old bucket, as
     * before there was a forget, rather than fail a change that happened (and lose a new target's secret).
     */
    private void forgetRateLimit(ScopedId id) {
        try {
            rateLimits.forget(id);
        } catch (RuntimeException e) {
            log.warn("target {}'s rate limit bucket was kept: {}", id, e.getMessage());
        }
    }

    /** @throws NotFoundException when there is no such target */
    public TargetView pause(TenantId tenant, String id) {
        Target target = find(tenant, id);
        ScopedId key = new ScopedId(tenant, id);
        queue.pause(Delivery.KIND, key.key());
        if (targets.find(tenant, id).isEmpty()) {
            // Deleted between the check and the pause: the delete lifted the pauses it saw, so lift this one,
            // or a target created later under the same id would start paused.
            queue.resume(Delivery.KIND, key.key());
            throw missing(id);
        }
        operatorEvents.targetPaused(key, PauseCause.OPERATOR, Optional.empty());
        return view(tenant, target);
    }

    /**
     * Resumes deliveries and forgets the target's run of failures, so one more failure after an operator's
     * resume does not pause it again at once.
     *
     * @throws NotFoundException when there is no such target
     */
    public TargetView resume(TenantId tenant, String id) {
        Target target = find(tenant, id);
        ScopedId key = new ScopedId(tenant, id);
        health.reset(key);
        // Before the resume wakes the workers, so the first delivery that succeeds finds the target ready to recover.
        operatorEvents.targetResumed(key);
        queue.resume(Delivery.KIND, key.key());
        return view(tenant, target);
    }

    private Target find(TenantId tenant, String id) {
        return targets.find(tenant, id).orElseThrow(() -> missing(id));
    }

    private TargetView view(TenantId tenant, Target target) {
        ScopedId key = new ScopedId(tenant, target.id());
        return new TargetView(target.current(queue.clock().instant()), queue.store().isPaused(Delivery.KIND, key.key()),
                blockedBy(key));
    }

    /**
     * Looked up for every target, whatever its ordering now: deliveries queued while it was {@code fifo} keep their
     * order after a change to {@code none}, and can still be held back.
     */
    private Optional<BlockingDelivery> blockedBy(ScopedId target) {
        return queue.store().fifoHead(NewDelivery.fifoKey(target))
                .filter(head -> !head.lastError().isEmpty())
                .map(BlockingDelivery::of);
    }

    private static NotFoundException missing(String id) {
        return new NotFoundException("not_found", "no target " + id);
    }
}
