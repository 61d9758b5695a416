package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.retention.RetentionPolicy;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.Sweep;
import io.hookrelay.delivery.testing.RecordingRetentionMetrics;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.Settlement;
import io.hookrelay.storage.jdbi.RetentionBatches;
import io.hookrelay.storage.sqlite.connection.WriteStats;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What SQLite's retention store adds to {@code RetentionStoreContract}: its statements, its bound on a
 * batch, one write per batch, and rows that never point at deleted ones.
 */
class SqliteRetentionStoreTest {
    private static final Instant NOW = Instant.parse("2027-06-01T00:00:00Z");

    @TempDir
    Path dataDir;

    private SqliteRelayFixture relay;
    private SqliteRetentionStore retention;

    @BeforeEach
    void open() {
        relay = new SqliteRelayFixture(dataDir);
        retention = new SqliteRetentionStore(relay.relayDatabase);
        relay.configure(List.of("orders"), List.of("billing"));
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void aSweepIsOneWritePerBatchThatHadSomethingToDeleteAndLeavesNoRowPointingAtADeletedOne() {
        RetentionPolicy policy = new RetentionPolicy(Duration.ofDays(7), Duration.ofDays(30));
        for (int i = 0; i < 4; i++) {
            ended(NOW.minus(Duration.ofDays(8)).plusSeconds(i), new Settlement.Complete());
        }
        ended(NOW.minus(Duration.ofDays(8)), new Settlement.Fail("HTTP 500"));
        relay.clock.set(NOW);
        RecordingRetentionMetrics metrics = new RecordingRetentionMetrics();
        WriteStats before = relay.database.writeStats();

        Sweep sweep = new RetentionSweeper(retention, policy, metrics, relay.clock, 3).sweep(() -> true);

        assertThat(sweep).isEqualTo(new Sweep(4, 4, true));
        assertThat(metrics.deliveryBatches()).containsExactly(3, 1);
        int batches = metrics.deliveryBatches().size() + metrics.eventBatches().size();
        WriteStats after = relay.database.writeStats();
        assertThat(after.tasks() - before.tasks()).as("one write per batch that had something to delete").isEqualTo(batches);
        assertThat(after.transactions() - before.transactions()).isEqualTo(batches);
        assertThat(relay.tableSizes()).isEqualTo(Map.of("events", 1L, "idempotency_keys", 0L, "deliveries", 1L, "intents", 1L));
        assertThat(relay.rows("intent_attempts")).as("only the failed delivery's log").isEqualTo(1);
        assertThat(foreignKeyViolations()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(EndedDeliveries.class)
    void eachGroupsConditionNamesExactlyItsStates(EndedDeliveries group) {
        Matcher quoted = Pattern.compile("'([a-z]+)'").matcher(SqliteRetentionStore.stateCondition(group));
        List<String> named = new ArrayList<>();
        while (quoted.find()) {
            named.add(quoted.group(1));
        }

        assertThat(named).containsExactlyInAnyOrderElementsOf(
                group.states().stream().map(IntentState::wireName).collect(Collectors.toList()));
    }

    @Test
    void aBatchHoldsOneToTenThousandRows() {
        List<String> tooMany = Arrays.asList(new String[RetentionBatches.MAX + 1]);

        assertThatIllegalArgumentException().isThrownBy(() -> retention.endedDeliveries(EndedDeliveries.COMPLETED, NOW, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> retention.eventsReceivedBefore(NOW, Optional.empty(), 0));
        assertThatIllegalArgumentException().isThrownBy(() -> retention.deleteEvents(NOW, List.of()));
        assertThatIllegalArgumentException().isThrownBy(() -> retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW,
                tooMany.stream().map(nothing -> "dlv_x").toList()));
    }

    /** A new event's delivery to billing, claimed and settled {@code how} at {@code endedAt}. */
    private void ended(Instant endedAt, Settlement how) {
        relay.clock.set(endedAt.minus(Duration.ofMinutes(1)));
        String id = relay.ingest("orders", "billing").deliveryTo("billing");
        relay.clock.set(endedAt);
        ClaimRef claim = relay.claimAll().get(id);
        AttemptOutcome outcome = how instanceof Settlement.Complete ? AttemptOutcome.SUCCESS : AttemptOutcome.STOP;
        AttemptRecord entry = new AttemptRecord(1, endedAt, Duration.ZERO, outcome, "", AttemptDetail.NONE);
        assertThat(relay.intents.settle(claim, how, Optional.of(entry), endedAt)).isTrue();
    }

    private List<String> foreignKeyViolations() {
        return relay.database.read("check foreign keys", handle -> handle.handle().createQuery("PRAGMA foreign_key_check")
                .map((row, context) -> row.getString("table") + " -> " + row.getString("parent")).list());
    }
}
