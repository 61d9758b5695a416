package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Settlements handed over together share commits, and each caller still gets its own answer. */
class SettlementCommitterTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(5);

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private PostgresDatabase database;
    private PostgresIntentStore store;

    @BeforeEach
    void openStore() throws Exception {
        database = PostgresDatabase.open(postgres.freshSchema(), Clock.fixed(NOW, ZoneOffset.UTC));
        store = new PostgresIntentStore(database);
    }

    @AfterEach
    void closeStore() {
        store.close();
        database.close();
    }

    @Test
    void aRefusedLogEntryFailsOnlyItsOwnSettlementAmongThoseHandedOverTogether() {
        List<Intent> claimed = claimAll(40);
        Intent refused = claimed.get(17);
        store.settle(refused.requireClaim(), new Settlement.Retry(NOW, "first"), Optional.of(entry(1)), NOW);
        ClaimRef reclaimed = store.claim(NOW, LEASE, 1).get(0).requireClaim();

        List<CompletableFuture<Boolean>> answers = new ArrayList<>();
        for (Intent intent : claimed) {
            ClaimRef claim = intent == refused ? reclaimed : intent.requireClaim();
            answers.add(store.settleAsync(claim, new Settlement.Complete(), Optional.of(entry(1)), NOW));
        }

        for (int i = 0; i < claimed.size(); i++) {
            if (claimed.get(i) == refused) {
                CompletableFuture<Boolean> answer = answers.get(i);
                assertThatThrownBy(answer::join).isInstanceOf(CompletionException.class)
                        .hasCauseInstanceOf(IllegalArgumentException.class);
            } else {
                assertThat(answers.get(i).join()).isTrue();
                assertThat(store.find(claimed.get(i).id())).map(Intent::state).contains(IntentState.COMPLETED);
            }
        }
        assertThat(store.find(refused.id())).map(Intent::state).contains(IntentState.RUNNING);
        assertThat(store.attempts(refused.id())).extracting(AttemptRecord::error).containsExactly("first");
    }

    @Test
    void twoSettlementsOfOneClaimHandedOverTogetherLandOnce() {
        ClaimRef claim = claimAll(1).get(0).requireClaim();

        CompletableFuture<Boolean> first = store.settleAsync(claim, new Settlement.Complete(), Optional.empty(), NOW);
        CompletableFuture<Boolean> second = store.settleAsync(claim, new Settlement.Fail("late"), Optional.empty(), NOW);

        assertThat(first.join()).isTrue();
        assertThat(second.join()).isFalse();
        assertThat(store.find(claim.intentId())).map(Intent::state).contains(IntentState.COMPLETED);
    }

    @Test
    void aSettlementHandedOverAfterCloseFailsAndNothingIsWritten() {
        ClaimRef claim = claimAll(1).get(0).requireClaim();
        store.close();

        assertThatThrownBy(() -> store.complete(claim, NOW)).isInstanceOf(io.hookrelay.queue.StoreException.class);
        assertThat(store.find(claim.intentId())).map(Intent::state).contains(IntentState.RUNNING);
    }

    private List<Intent> claimAll(int count) {
        store.enqueueAll(IntStream.range(0, count).mapToObj(i -> NewIntent.of("job", "evt_" + i, "target-a", "p")).toList(), NOW);
        return store.claim(NOW, LEASE, count);
    }

    private static AttemptRecord entry(int attempt) {
        return new AttemptRecord(attempt, NOW, Duration.ofMillis(5), AttemptOutcome.ERROR, attempt == 1 ? "first" : "",
                new AttemptDetail(Optional.empty(), ""));
    }
}
