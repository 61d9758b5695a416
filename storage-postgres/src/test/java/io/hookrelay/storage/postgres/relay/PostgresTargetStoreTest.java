package io.hookrelay.storage.postgres.relay;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What PostgreSQL's target store must do beyond the contract: its deletes reach work claimed on other nodes. */
class PostgresTargetStoreTest {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void deletingATargetFencesOffAClaimAnotherNodeHolds() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        MutableClock clock = new MutableClock();
        try (RelayFixture relay = new RelayFixture(clock, new RelayNode(settings, clock).stores());
             RelayNode worker = new RelayNode(settings, clock)) {
            relay.configure(List.of("orders"), List.of("billing"));
            String delivery = relay.ingest("orders", "billing").deliveryTo("billing");
            ClaimRef claim = worker.intents.claim(clock.instant(), RelayFixture.LEASE, 10).get(0).requireClaim();
            Instant deletedAt = relay.advance(RelayFixture.LEASE.dividedBy(2));

            assertThat(relay.targets.delete(TENANT, "billing", deletedAt)).isTrue();

            assertThat(worker.intents.complete(claim, deletedAt)).as("the worker's claim is fenced off").isFalse();
            assertThat(worker.relay.deliveries().find(TENANT, delivery).orElseThrow().state()).isEqualTo(IntentState.CANCELLED);
        }
    }
}
