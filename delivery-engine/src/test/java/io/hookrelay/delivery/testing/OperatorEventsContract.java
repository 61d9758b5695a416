package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.header.HopCount;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.operator.OperatorRoute;
import io.hookrelay.delivery.operator.PauseCause;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.Settlement;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link OperatorEvents} on each adapter's stores: what a pause, a resume and the outcomes the worker pool hears tell,
 * with the queue's own pause state and every event stored for real.
 */
public abstract class OperatorEventsContract extends RelayStoreContract {
    private static final ScopedId ERP = new ScopedId(TENANT, "erp");
    private IntentQueue queue;
    private SettingsStore settings;
    private OperatorEvents operatorEvents;

    /** The adapter's target alerts, on the database {@link #openStores} opened for this test. */
    protected abstract TargetAlerts openedAlerts();

    /** The adapter's settings, on the database {@link #openStores} opened for this test. */
    protected abstract SettingsStore openedSettings();

    @BeforeEach
    final void tellOnTheseStores() {
        queue = new IntentQueue(relay.intents, relay.clock);
        settings = openedSettings();
        Ulids ulids = new Ulids(relay.clock);
        operatorEvents = new OperatorEvents(relay.events, relay.deliveries, settings, openedAlerts(), key -> relay.targets.find(key.tenant(), key.id()),
                new OperatorRoute(settings::read, key -> relay.targets.find(key.tenant(), key.id()), ulids),
                target -> relay.intents.isPaused(Delivery.KIND, target.key()), ulids, relay.clock,
                Executors.newSingleThreadExecutor(), RelayMetrics.NONE);
        relay.configure(List.of("shop"), List.of("erp", "ops"));
    }

    @Test
    void aTargetWhoseResumeWentUnmarkedRecoversAtItsNextSuccess() {
        RelayFixture.Ingested webhook = relay.ingest("shop", "erp");
        queue.pause(Delivery.KIND, "erp");
        operatorEvents.targetPaused(ERP, PauseCause.AUTO_PAUSE, Optional.of(webhook.event()));
        queue.resume(Delivery.KIND, "erp");
        relay.advance(Duration.ofSeconds(1));

        operatorEvents.outcomes().settled(intentOf(webhook.deliveryTo("erp")), new Settlement.Complete());
        operatorEvents.close();

        assertThat(told()).extracting(OperatorEventsContract::typeOf).containsExactly("target.recovered", "target.paused");
    }

    @Test
    void aSuccessWhileTheTargetIsStillPausedIsNoRecovery() {
        RelayFixture.Ingested webhook = relay.ingest("shop", "erp");
        queue.pause(Delivery.KIND, "erp");
        operatorEvents.targetPaused(ERP, PauseCause.GONE, Optional.of(webhook.event()));

        operatorEvents.outcomes().settled(intentOf(webhook.deliveryTo("erp")), new Settlement.Complete());
        operatorEvents.close();

        assertThat(told()).extracting(OperatorEventsContract::typeOf).containsExactly("target.paused");
    }

    @Test
    void anOperatorEventCarriesTheHopCountOfTheWebhookItTellsOf() {
        settings.write(TENANT, new Settings(Optional.of("ops")));
        Event relayed = new Event(relay.nextId(Ulids.EVENT), "shop", Optional.empty(), relay.clock.instant(), "application/json",
                Map.of(HopCount.HEADER, "2"), "{}".getBytes(StandardCharsets.UTF_8));
        NewDelivery toErp = relay.delivery(relayed, "erp");
        Committed.join(relay.events.store(TENANT, relayed, Optional.empty(), List.of(toErp), relay.clock.instant()));

        operatorEvents.outcomes().settled(intentOf(toErp.id()), new Settlement.Fail("HTTP 500"));
        operatorEvents.close();

        EventDetail failed = told().get(0);
        assertThat(typeOf(failed)).isEqualTo("delivery.failed");
        assertThat(failed.event().headers()).containsEntry(HopCount.HEADER, "2");
        assertThat(failed.deliveries()).extracting(Delivery::targetId).containsExactly("ops");
    }

    @Test
    void aDeliveryWhoseTargetWasDeletedIsNotToldAsFailed() {
        Intent toErp = intentOf(relay.ingest("shop", "erp").deliveryTo("erp"));
        relay.targets.delete(TENANT, "erp", relay.clock.instant());

        operatorEvents.outcomes().settled(toErp, new Settlement.Fail("target deleted: erp"));
        operatorEvents.close();

        assertThat(told()).isEmpty();
    }

    @Test
    void aReplayedOperatorEventGoesToTheOperatorTargetOfNow() {
        RelayFixture.Ingested webhook = relay.ingest("shop", "erp");
        operatorEvents.outcomes().settled(intentOf(webhook.deliveryTo("erp")), new Settlement.Fail("HTTP 500"));
        operatorEvents.close();
        Event stored = told().get(0).event();
        OperatorRoute route = new OperatorRoute(settings::read, key -> relay.targets.find(key.tenant(), key.id()), new Ulids(relay.clock));

        assertThat(route.deliveriesOf(TENANT, stored.id())).as("no operator target yet").isEmpty();
        settings.write(TENANT, new Settings(Optional.of("ops")));
        assertThat(route.deliveriesOf(TENANT, stored.id())).extracting(delivery -> delivery.target().id()).containsExactly("ops");
    }

    private Intent intentOf(String deliveryId) {
        return relay.intents.find(deliveryId).orElseThrow();
    }

    /** Newest first. */
    private List<EventDetail> told() {
        return operatorEvents.list(TENANT, Optional.empty(), PageRequest.first(PageRequest.LARGEST_LIMIT)).items();
    }

    private static String typeOf(EventDetail operatorEvent) {
        return operatorEvent.event().eventType().orElseThrow();
    }
}
