package io.hookrelay.delivery.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.delivery.testing.InMemoryTenantUsageStore;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.queue.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Usage counted in memory by tenant and UTC day, and added to the store a batch at a time. */
class UsageMeterTest {
    private static final TenantId ACME = TenantId.of("acme");
    private static final LocalDate DAY = LocalDate.parse("2026-03-01");
    private static final LocalDate NEXT_DAY = DAY.plusDays(1);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T23:59:59.500Z"));
    private final InMemoryTenantUsageStore store = new InMemoryTenantUsageStore();
    private final UsageMeter meter = new UsageMeter(store, clock);

    @AfterEach
    void close() throws InterruptedException {
        meter.close();
    }

    @Test
    void countsAreAddedOnceAWriteComesAllTenantsAndDaysInOneBatch() {
        meter.eventAccepted(ACME);
        meter.eventAccepted(ACME);
        meter.attempted(ACME);
        meter.eventAccepted(TenantId.DEFAULT);
        clock.advance(Duration.ofSeconds(1));
        meter.attempted(ACME);

        assertThat(store.adds()).as("nothing written before its time").isEmpty();
        meter.write();
        meter.write();

        assertThat(store.adds()).singleElement().satisfies(batch -> assertThat(batch).containsExactlyInAnyOrder(
                new TenantUsage("acme", DAY, 2, 1, 0, 0), new TenantUsage("acme", NEXT_DAY, 0, 1, 0, 0),
                new TenantUsage("default", DAY, 1, 0, 0, 0)));
    }

    @Test
    void aDeliverysEndIsCountedByHowItSettledAndOtherWorkNot() {
        meter.outcomes().settled(intent(Delivery.KIND, "acme/ci"), new Settlement.Complete());
        meter.outcomes().settled(intent(Delivery.KIND, "acme/ci"), new Settlement.Fail("HTTP 500"));
        meter.outcomes().settled(intent(Delivery.KIND, "acme/ci"), new Settlement.Retry(clock.instant(), "HTTP 500"));
        meter.outcomes().settled(intent(Delivery.KIND, "ci"), new Settlement.Snooze(clock.instant()));
        meter.outcomes().settled(intent(Delivery.KIND, "ci"), new Settlement.Complete());
        meter.outcomes().settled(intent("email", "acme/ci"), new Settlement.Complete());

        meter.write();

        assertThat(store.daily("acme", DAY, DAY)).containsExactly(new TenantUsage("acme", DAY, 0, 0, 1, 1));
        assertThat(store.daily("default", DAY, DAY)).containsExactly(new TenantUsage("default", DAY, 0, 0, 1, 0));
    }

    @Test
    void aWriteThatFailsKeepsItsCountsForTheNext() {
        meter.eventAccepted(ACME);
        store.failing(true);
        meter.write();
        meter.eventAccepted(ACME);
        store.failing(false);

        meter.write();

        assertThat(store.adds()).singleElement().isEqualTo(List.of(new TenantUsage("acme", DAY, 2, 0, 0, 0)));
    }

    @Test
    void startedItWritesEverySecondAndClosedItWritesWhatIsLeft() throws InterruptedException {
        meter.start();
        meter.eventAccepted(ACME);
        Await.until("the count written", Duration.ofSeconds(10), () -> !store.adds().isEmpty());
        meter.attempted(ACME);

        meter.close();

        assertThat(store.daily("acme", DAY, DAY)).containsExactly(new TenantUsage("acme", DAY, 1, 1, 0, 0));
    }

    private Intent intent(String kind, String target) {
        Instant now = clock.instant();
        return new Intent("dlv_1", kind, "evt_1", target, "evt_1", IntentState.RUNNING, 1, now, now, now, null, "claim", now);
    }
}
