package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantRows;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.retention.Purged;
import io.hookrelay.delivery.retention.TenantPurger;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Settlement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link TenantPurgeStore} that every store adapter keeps, and the purger's run on it: two tenants hold
 * rows of the same ids, and only the deleted one's go.
 */
public abstract class TenantPurgeStoreContract extends RelayStoreContract {
    private TenantPurgeStore purge;
    private Rows acme;
    private Rows ours;

    @BeforeEach
    final void twoTenantsWithRowsOfTheSameIds() {
        purge = relay.purge;
        assertThat(relay.tenants.create(Tenant.created(ACME.value(), "Acme", TenantQuotas.NONE, relay.clock.instant()))).isTrue();
        acme = rowsOf(ACME);
        ours = rowsOf(TENANT);
    }

    @Test
    void aDeletedTenantsRowsAllGoBatchByBatchAndNothingOfAnotherTenantsWithTheSameIds() {
        relay.tenants.delete(ACME.value());
        assertThat(purge.deletedWithRows(10)).containsExactly(ACME);
        assertThat(relay.tenants.create(Tenant.created(ACME.value(), "Acme again", TenantQuotas.NONE, relay.clock.instant())))
                .as("its id stays taken while its rows remain").isFalse();

        List<Purged> purged = new TenantPurger(purge, 1).purge(() -> true);

        assertThat(purged).singleElement().satisfies(one -> {
            assertThat(one.tenant()).isEqualTo(ACME);
            assertThat(one.finished()).isTrue();
            assertThat(one.deleted(TenantRows.DELIVERIES)).isEqualTo(3);
            assertThat(one.deleted(TenantRows.EVENTS)).isEqualTo(3);
            assertThat(one.deleted(TenantRows.AUDIT)).isEqualTo(1);
        });
        assertGone(acme);
        assertThat(relay.intents.complete(acme.running, relay.clock.instant())).as("the running claim is fenced off").isFalse();
        assertKept(ours);
        assertThat(purge.deletedWithRows(10)).isEmpty();
        assertThat(relay.tenants.create(Tenant.created(ACME.value(), "Acme again", TenantQuotas.NONE, relay.clock.instant())))
                .as("its id is free once nothing of it is left").isTrue();
    }

    @Test
    void nothingIsDeletedWhileATenantOfTheIdExistsNorEverOfTheDefaultTenant() {
        for (TenantRows part : TenantRows.values()) {
            assertThat(purge.deleteBatch(ACME, part, 100)).isZero();
            assertThat(purge.deleteBatch(TENANT, part, 100)).isZero();
        }

        assertThat(purge.deletedWithRows(10)).isEmpty();
        assertKept(acme);
        assertKept(ours);
    }

    @Test
    void aPurgeToldToStopLeavesTheRestForTheNext() {
        relay.tenants.delete(ACME.value());
        TenantPurger purger = new TenantPurger(purge, 1);
        int[] batches = {0};

        assertThat(purger.purge(() -> batches[0]++ < 2)).singleElement().satisfies(one -> assertThat(one.finished()).isFalse());
        assertThat(purge.deletedWithRows(10)).containsExactly(ACME);

        assertThat(purger.purge(() -> true)).singleElement().satisfies(one -> assertThat(one.finished()).isTrue());
        assertGone(acme);
        assertKept(ours);
    }

    /**
     * Of every kind a tenant has: configuration, settings, an audit entry, a broken target's alert, a paused target,
     * three events (one with an idempotency key), a delivery completed with its attempt log, one held by the pause and
     * one running.
     */
    private Rows rowsOf(TenantId tenant) {
        relay.configure(tenant, List.of("orders"), List.of("billing", "audit"));
        relay.routes.create(tenant, relay.route("orders", "billing"));
        relay.settings.write(tenant, new Settings(Optional.of("billing")));
        relay.audit.append(new AuditEntry(relay.nextId(Ulids.AUDIT), relay.clock.instant(),
                new AuditedChange("operator", tenant.value(), "source.create", "source", Optional.of("orders"))));
        relay.alerts.paused(new ScopedId(tenant, "billing"));
        relay.intents.pause(Delivery.KIND, new ScopedId(tenant, "audit").key());
        RelayFixture.Ingested first = relay.ingest(tenant, "orders", "billing", "audit");
        String completed = first.deliveryTo("billing");
        relay.intents.settle(relay.claimAll().get(completed), new Settlement.Complete(), Optional.of(new AttemptRecord(1,
                relay.clock.instant(), Duration.ZERO, AttemptOutcome.SUCCESS, "", AttemptDetail.NONE)), relay.clock.instant());
        RelayFixture.Ingested second = relay.ingest(tenant, "orders", "billing");
        String running = second.deliveryTo("billing");
        ClaimRef claim = relay.claimAll().get(running);
        Event keyed = relay.event("orders");
        Committed.join(relay.events.store(tenant, keyed, Optional.of("key-1"), List.of(), relay.clock.instant()));
        return new Rows(tenant, List.of(first.event().id(), second.event().id(), keyed.id()),
                List.of(completed, first.deliveryTo("audit"), running), claim);
    }

    private void assertGone(Rows rows) {
        TenantId tenant = rows.tenant;
        assertThat(rows.events).allSatisfy(id -> assertThat(relay.events.find(tenant, id)).isEmpty());
        assertThat(relay.events.idByIdempotencyKey(tenant, "orders", "key-1")).isEmpty();
        assertThat(rows.deliveries).allSatisfy(id -> {
            assertThat(relay.deliveries.find(tenant, id)).isEmpty();
            assertThat(relay.intents.find(id)).isEmpty();
            assertThat(relay.intents.attempts(id)).isEmpty();
        });
        assertThat(relay.sources.list(tenant)).isEmpty();
        assertThat(relay.targets.list(tenant)).isEmpty();
        assertThat(relay.routes.list(tenant)).isEmpty();
        assertThat(relay.settings.read(tenant)).isEqualTo(Settings.NONE);
        assertThat(relay.audit.newestFirst(Optional.of(tenant.value()), new PageRequest(10, Optional.empty()))).isEmpty();
        assertThat(relay.alerts.broken()).doesNotContain(new ScopedId(tenant, "billing"));
        assertThat(relay.intents.isPaused(Delivery.KIND, new ScopedId(tenant, "audit").key())).isFalse();
    }

    private void assertKept(Rows rows) {
        TenantId tenant = rows.tenant;
        assertThat(rows.events).allSatisfy(id -> assertThat(relay.events.find(tenant, id)).isPresent());
        assertThat(relay.events.idByIdempotencyKey(tenant, "orders", "key-1")).isPresent();
        assertThat(rows.deliveries).allSatisfy(id -> {
            assertThat(relay.deliveries.find(tenant, id)).isPresent();
            assertThat(relay.intents.find(id)).isPresent();
        });
        assertThat(relay.intents.attempts(rows.deliveries.get(0))).hasSize(1);
        assertThat(relay.sources.list(tenant)).hasSize(1);
        assertThat(relay.targets.list(tenant)).hasSize(2);
        assertThat(relay.routes.list(tenant)).hasSize(1);
        assertThat(relay.settings.read(tenant).operatorTarget()).contains("billing");
        assertThat(relay.audit.newestFirst(Optional.of(tenant.value()), new PageRequest(10, Optional.empty()))).hasSize(1);
        assertThat(relay.alerts.broken()).contains(new ScopedId(tenant, "billing"));
        assertThat(relay.intents.isPaused(Delivery.KIND, new ScopedId(tenant, "audit").key())).isTrue();
    }

    /** A tenant's events and deliveries by id, the completed delivery first, and the running one's claim. */
    private record Rows(TenantId tenant, List<String> events, List<String> deliveries, ClaimRef running) {
    }
}
