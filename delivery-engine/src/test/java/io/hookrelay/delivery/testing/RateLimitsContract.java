package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.port.RateLimits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link RateLimits} that every adapter keeps, whether its buckets are in memory or in a database that
 * several nodes share. Times are given, never read, so each test says exactly when each take happens.
 */
public abstract class RateLimitsContract {
    private static final ScopedId ORDERS = new ScopedId(TenantId.DEFAULT, "orders");
    private static final ScopedId AUDIT = new ScopedId(TenantId.DEFAULT, "audit");
    /** A target of another tenant with the same id as {@link #ORDERS}. */
    private static final ScopedId ACME_ORDERS = new ScopedId(TenantId.of("acme"), "orders");
    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");
    private static final RateLimit FIVE_A_SECOND = new RateLimit(5);

    protected RateLimits limits;

    /** The adapter's rate limits on a new, empty store. */
    protected abstract RateLimits openRateLimits() throws Exception;

    @BeforeEach
    final void openLimitsUnderTest() throws Exception {
        limits = openRateLimits();
    }

    @Test
    void aNewBucketGivesABurstAtOnceThenSaysWhenTheNextTokenIsThere() {
        for (int i = 0; i < FIVE_A_SECOND.burst(); i++) {
            assertThat(limits.take(ORDERS, FIVE_A_SECOND, START)).as("token %d", i).isEmpty();
        }

        Optional<Duration> wait = limits.take(ORDERS, FIVE_A_SECOND, START);

        assertThat(wait).hasValueSatisfying(until -> assertThat(until).isBetween(Duration.ofMillis(199), Duration.ofMillis(201)));
    }

    @Test
    void itRefillsAtTheRateAndNeverHoldsMoreThanABurst() {
        drain(ORDERS, START);

        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START.plusMillis(100))).as("half a token").isPresent();
        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START.plusMillis(200))).isEmpty();
        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START.plusMillis(200))).isPresent();

        Instant muchLater = START.plus(Duration.ofHours(1));
        assertThat(drain(ORDERS, muchLater)).isEqualTo(FIVE_A_SECOND.burst());
    }

    /** Takers that find the bucket empty at once are each given a later token, one token apart, as a line. */
    @Test
    void takersThatFindItEmptyAreGivenPlacesInLine() {
        for (int i = 0; i < FIVE_A_SECOND.burst(); i++) {
            limits.take(ORDERS, FIVE_A_SECOND, START);
        }

        List<Optional<Duration>> waits = List.of(limits.take(ORDERS, FIVE_A_SECOND, START), limits.take(ORDERS, FIVE_A_SECOND, START),
                limits.take(ORDERS, FIVE_A_SECOND, START));

        assertThat(waits).containsExactly(Optional.of(Duration.ofMillis(200)), Optional.of(Duration.ofMillis(400)),
                Optional.of(Duration.ofMillis(600)));
        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START.plusMillis(200))).as("the line moves on as tokens come").isEmpty();
    }

    /** A target deleted, or created again under its id, starts with a full bucket and no line. */
    @Test
    void aForgottenTargetsBucketStartsOverFull() {
        drain(ORDERS, START);
        limits.take(ORDERS, FIVE_A_SECOND, START);

        limits.forget(ORDERS);

        assertThat(drain(ORDERS, START)).isEqualTo(FIVE_A_SECOND.burst());
        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START)).as("second in a new line, with none of the old one ahead").contains(Duration.ofMillis(400));
    }

    @Test
    void eachTargetHasABucketOfItsOwn() {
        drain(ORDERS, START);

        assertThat(limits.take(AUDIT, FIVE_A_SECOND, START)).isEmpty();
        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START)).isPresent();
    }

    @Test
    void aTargetOfAnotherTenantWithTheSameIdHasABucketOfItsOwn() {
        drain(ORDERS, START);

        assertThat(limits.take(ACME_ORDERS, FIVE_A_SECOND, START)).isEmpty();
        limits.forget(ACME_ORDERS);
        assertThat(limits.take(ORDERS, FIVE_A_SECOND, START)).as("the other tenant's forget").isPresent();
    }

    /** A slower limit caps what the bucket kept under the faster one at its own burst, and refills at its own rate. */
    @Test
    void aLoweredLimitAppliesAtOnce() {
        RateLimit oneASecond = new RateLimit(1);
        limits.take(ORDERS, FIVE_A_SECOND, START);

        assertThat(limits.take(ORDERS, oneASecond, START)).isEmpty();
        assertThat(limits.take(ORDERS, oneASecond, START)).hasValueSatisfying(until -> assertThat(until).isEqualTo(Duration.ofSeconds(1)));
    }

    @Test
    void aLimitBelowOneASecondStillSendsOneAtATime() {
        RateLimit everyTenSeconds = new RateLimit(0.1);

        assertThat(limits.take(ORDERS, everyTenSeconds, START)).isEmpty();
        assertThat(limits.take(ORDERS, everyTenSeconds, START.plusSeconds(9))).isPresent();
        assertThat(limits.take(ORDERS, everyTenSeconds, START.plusSeconds(10))).isEmpty();
    }

    /** Many takers at the same moment, as every worker of every node may be: exactly a burst gets a token. */
    @Test
    void concurrentTakersShareOneBurst() throws Exception {
        ExecutorService takers = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Boolean>> takes = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                takes.add(() -> limits.take(ORDERS, FIVE_A_SECOND, START).isEmpty());
            }
            long granted = 0;
            for (Future<Boolean> take : takers.invokeAll(takes)) {
                granted += take.get() ? 1 : 0;
            }
            assertThat(granted).isEqualTo(FIVE_A_SECOND.burst());
        } finally {
            takers.shutdownNow();
        }
    }

    /** @return how many tokens were there */
    private int drain(ScopedId target, Instant at) {
        int taken = 0;
        while (limits.take(target, FIVE_A_SECOND, at).isEmpty()) {
            taken++;
        }
        return taken;
    }
}
