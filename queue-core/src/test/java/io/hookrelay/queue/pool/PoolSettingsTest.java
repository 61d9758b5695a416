package io.hookrelay.queue.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoolSettingsTest {
    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void defaultsAreTheDesignsOwn() {
        assertThat(PoolSettings.defaults()).isEqualTo(new PoolSettings(
                4, 4, Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofMillis(100), Duration.ofSeconds(30), 128,
                Duration.ofMillis(10)));
    }

    @Test
    void anotherLeaseIsRenewedAtAThirdOfIt() {
        PoolSettings settings = PoolSettings.withWorkers(2).withLease(Duration.ofMillis(900));

        assertThat(settings.lease()).isEqualTo(Duration.ofMillis(900));
        assertThat(settings.renewEvery()).isEqualTo(Duration.ofMillis(300));
        assertThat(settings.workers()).isEqualTo(2);
    }

    @Test
    void changingThePollOrTheGraceKeepsTheRest() {
        PoolSettings base = PoolSettings.withWorkers(3);

        assertThat(base.withIdlePoll(SECOND)).isEqualTo(new PoolSettings(
                3, 3, base.lease(), base.renewEvery(), SECOND, base.shutdownGrace(), base.maxClaimBatch(), base.claimCooldown()));
        assertThat(base.withShutdownGrace(Duration.ZERO)).isEqualTo(new PoolSettings(
                3, 3, base.lease(), base.renewEvery(), base.idlePoll(), Duration.ZERO, base.maxClaimBatch(), base.claimCooldown()));
    }

    @Test
    void attemptsInFlightDefaultToTheWorkersAndMayBeMore() {
        PoolSettings settings = PoolSettings.withWorkers(2).withMaxInFlight(1_000).withLease(Duration.ofMillis(900));

        assertThat(PoolSettings.withWorkers(8).maxInFlight()).isEqualTo(8);
        assertThat(settings.maxInFlight()).isEqualTo(1_000);
        assertThat(settings.workers()).isEqualTo(2);
    }

    @Test
    void nonsenseIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> settings(0, SECOND, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> settings(1, SECOND, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> PoolSettings.withWorkers(4).withMaxInFlight(3));
        assertThatIllegalArgumentException().isThrownBy(() -> PoolSettings.defaults().withLease(Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> PoolSettings.defaults().withLease(Duration.ofSeconds(-3)));
        assertThatIllegalArgumentException().isThrownBy(() -> PoolSettings.defaults().withIdlePoll(Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> PoolSettings.defaults().withShutdownGrace(Duration.ofMillis(-1)));
        assertThatIllegalArgumentException().isThrownBy(() -> PoolSettings.defaults().withClaimCooldown(Duration.ofMillis(-1)));
    }

    @Test
    void aRenewalMustComeBeforeTheLeaseEnds() {
        assertThatIllegalArgumentException().isThrownBy(() -> new PoolSettings(
                1, 1, SECOND, SECOND, SECOND, SECOND, 1, Duration.ZERO));
        assertThat(new PoolSettings(1, 1, SECOND, SECOND.minusMillis(1), SECOND, SECOND, 1, Duration.ZERO).renewEvery())
                .isEqualTo(Duration.ofMillis(999));
    }

    private static PoolSettings settings(int workers, Duration lease, int maxClaimBatch) {
        return new PoolSettings(workers, workers, lease, lease.dividedBy(3), SECOND, SECOND, maxClaimBatch, Duration.ZERO);
    }
}
