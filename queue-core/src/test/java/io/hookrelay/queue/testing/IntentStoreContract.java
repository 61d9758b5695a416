package io.hookrelay.queue.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.queue.AsyncIntentHandler;
import io.hookrelay.queue.AttemptContext;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.ExponentialBackoff;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentHandler;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.Verdict;
import io.hookrelay.queue.pool.PoolSettings;
import io.hookrelay.queue.pool.WorkerPool;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of DESIGN §2 that every {@link IntentStore} must keep, written once and run by every store
 * adapter: extend this class, return a fresh empty store from {@link #newStore()}, release it in
 * {@link #closeStore}. The store rules run against a {@link MutableClock}, so due times and leases are
 * checked at exact instants; the worker rules run a real {@link WorkerPool} against the store on the
 * system clock with short leases, and wait on conditions (never on a fixed sleep).
 */
public abstract class IntentStoreContract {
    /** The lease of claims in the store rules: longer than any test runs, so only the test clock ends it. */
    private static final Duration LEASE = Duration.ofSeconds(30);
    /** How long to wait for something other threads bring about: a liveness bound, not a speed target. */
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String TOKEN_SHAPE = "[0-9a-f]{32}";

    protected final MutableClock clock = new MutableClock();

    /** The store under test: a fresh one for every test, released after it. */
    protected IntentStore store;

    /** A fresh, empty store for each test; called once per test. */
    protected abstract IntentStore newStore() throws Exception;

    /**
     * Runs {@code work} as another store of the same adapter runs its intent writes: in one transaction of its
     * own, with the adapter's {@link IntentWrites} bound to that transaction, rolled back entirely if
     * {@code work} throws. The store under test's listeners must hear of what it changed once it committed.
     */
    protected abstract <T> T writeAsAnotherStore(Function<IntentWrites, T> work);

    /** Releases the store after each test; default does nothing. */
    protected void closeStore(IntentStore store) throws Exception {
    }

    @BeforeEach
    final void openStoreUnderTest() throws Exception {
        store = newStore();
    }

    @AfterEach
    final void closeStoreUnderTest() throws Exception {
        if (store != null) {
            closeStore(store);
        }
    }

    @Nested
    class Enqueueing {

        @Test
        void derivedIdIsTheSha256HexOfKindEventIdAndTarget() {
            Enqueued result = store.enqueue(NewIntent.of("delivery", "evt_1", "target-a", "{\"n\":1}"), clock.instant());

            String expectedId = sha256Hex("delivery\0evt_1\0target-a");
            assertThat(result).isEqualTo(new Enqueued(expectedId, false));
            Intent stored = stored(expectedId);
            assertThat(stored).usingRecursiveComparison().ignoringFields("claimUntil").isEqualTo(new Intent(
                    expectedId, "delivery", "evt_1", "target-a", "{\"n\":1}", IntentState.PENDING, 0,
                    clock.instant(), clock.instant(), clock.instant(), "", "", Instant.EPOCH));
            assertThat(stored.claim()).isEmpty();
        }

        @Test
        void producersThatNeverTalkedAgreeOnTheSharedIntentId() {
            Enqueued first = store.enqueue(NewIntent.of("job", "evt_7", "target-a", "from producer one"), clock.instant());
            Enqueued second = store.enqueue(NewIntent.of("job", "evt_7", "target-a", "from producer two"), clock.instant());
            Enqueued otherTarget = store.enqueue(NewIntent.of("job", "evt_7", "target-b", "p"), clock.instant());

            assertThat(second).isEqualTo(new Enqueued(first.id(), true));
            assertThat(otherTarget.duplicate()).isFalse();
            assertThat(otherTarget.id()).isNotEqualTo(first.id());
            assertThat(pendingCounts()).containsExactly(entry("job", 2L));
        }

        @Test
        void anExplicitIdIsStoredAsGiven() {
            Enqueued result = store.enqueue(explicit("order-42", "job", "evt_1", "target-a"), clock.instant());

            assertThat(result).isEqualTo(new Enqueued("order-42", false));
            assertThat(stored("order-42").eventId()).isEqualTo("evt_1");
            assertThat(store.find(NewIntent.defaultId("job", "evt_1", "target-a"))).isEmpty();
        }

        @Test
        void aDuplicateReportsTheIdThatIsActuallyStored() {
            store.enqueue(explicit("order-42", "job", "evt_1", "target-a"), clock.instant());

            Enqueued derived = store.enqueue(NewIntent.of("job", "evt_1", "target-a", "p"), clock.instant());
            Enqueued otherExplicit = store.enqueue(explicit("order-43", "job", "evt_1", "target-a"), clock.instant());

            assertThat(derived).isEqualTo(new Enqueued("order-42", true));
            assertThat(otherExplicit).isEqualTo(new Enqueued("order-42", true));
            assertThat(store.find("order-43")).isEmpty();
        }

        @Test
        void reEnqueueWithANewPayloadChangesNothing() {
            Intent original = enqueued(NewIntent.of("job", "evt_1", "target-a", "first")
                    .dueAt(clock.instant().plusSeconds(60)));
            clock.advance(Duration.ofSeconds(5));

            Enqueued again = store.enqueue(NewIntent.of("job", "evt_1", "target-a", "second"), clock.instant());

            assertThat(again).isEqualTo(new Enqueued(original.id(), true));
            assertThat(stored(original.id())).isEqualTo(original);
        }

        @ParameterizedTest
        @EnumSource(value = IntentState.class, names = {"COMPLETED", "FAILED", "CANCELLED"})
        void reEnqueueNeverRevivesATerminalIntent(IntentState terminal) {
            Intent intent = enqueued("job", "evt_1", "target-a");
            settle(intent.id(), terminal);
            Intent settled = stored(intent.id());
            clock.advance(Duration.ofSeconds(1));

            Enqueued again = store.enqueue(NewIntent.of("job", "evt_1", "target-a", "new payload"), clock.instant());

            assertThat(again).isEqualTo(new Enqueued(intent.id(), true));
            assertThat(stored(intent.id())).isEqualTo(settled);
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }

        @Test
        void enqueueAllStoresABatchAndAnswersForEachInOrder() {
            String existing = store.enqueue(NewIntent.of("job", "evt_0", "target-a", "p"), clock.instant()).id();

            List<Enqueued> results = store.enqueueAll(List.of(
                    NewIntent.of("job", "evt_1", "target-a", "first in batch"),
                    NewIntent.of("job", "evt_0", "target-a", "stored before"),
                    NewIntent.of("delivery", "evt_1", "target-a", "p"),
                    NewIntent.of("job", "evt_1", "target-a", "repeated in batch")), clock.instant());

            String fresh = NewIntent.defaultId("job", "evt_1", "target-a");
            assertThat(results).containsExactly(
                    new Enqueued(fresh, false),
                    new Enqueued(existing, true),
                    new Enqueued(NewIntent.defaultId("delivery", "evt_1", "target-a"), false),
                    new Enqueued(fresh, true));
            assertThat(stored(fresh).payload()).isEqualTo("first in batch");
            assertThat(pendingCounts()).containsOnly(entry("job", 2L), entry("delivery", 1L));
        }

        @Test
        void anExplicitIdThatNamesOtherWorkIsRefusedAndNothingInTheBatchIsStored() {
            store.enqueue(explicit("shared-id", "job", "evt_1", "target-a"), clock.instant());

            assertThatIllegalArgumentException().isThrownBy(() -> store.enqueueAll(List.of(
                    NewIntent.of("job", "evt_2", "target-a", "p"),
                    explicit("shared-id", "job", "evt_3", "target-a")), clock.instant()));

            assertThat(store.find(NewIntent.defaultId("job", "evt_2", "target-a"))).isEmpty();
            assertThat(stored("shared-id").eventId()).isEqualTo("evt_1");
            assertThat(pendingCounts()).containsExactly(entry("job", 1L));
        }

        @Test
        void anIntentDueLaterIsNotClaimedBeforeItsTime() {
            Instant dueAt = clock.instant().plusSeconds(10);
            Intent later = enqueued(NewIntent.of("job", "evt_1", "target-a", "p").dueAt(dueAt));
            assertThat(later.nextAt()).isEqualTo(dueAt);

            clock.advance(Duration.ofMillis(9_999));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            clock.advance(Duration.ofMillis(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).extracting(Intent::id).containsExactly(later.id());
        }
    }

    @Nested
    class ClaimingAndFencing {

        @Test
        void claimFenceRetryCycle() {
            Intent pending = enqueued("job", "evt_1", "target-a");
            clock.advance(Duration.ofSeconds(1));

            Intent first = claimOne();
            assertThat(first.id()).isEqualTo(pending.id());
            assertThat(first.state()).isEqualTo(IntentState.RUNNING);
            assertThat(first.attempts()).isEqualTo(1);
            assertThat(first.claimToken()).matches(TOKEN_SHAPE);
            assertThat(first.claimUntil()).isEqualTo(clock.instant().plus(LEASE));
            assertThat(first.updatedAt()).isEqualTo(clock.instant());
            assertThat(first.createdAt()).isEqualTo(pending.createdAt());
            assertThat(stored(first.id())).isEqualTo(first);
            assertThat(store.claim(clock.instant(), LEASE, 10)).as("a held lease is not claimed twice").isEmpty();

            Instant retryAt = clock.instant().plusSeconds(30);
            assertThat(store.retry(first.requireClaim(), retryAt, "receiver answered 503", clock.instant())).isTrue();
            Intent retried = stored(first.id());
            assertThat(retried.state()).isEqualTo(IntentState.PENDING);
            assertThat(retried.attempts()).isEqualTo(1);
            assertThat(retried.nextAt()).isEqualTo(retryAt);
            assertThat(retried.lastError()).isEqualTo("receiver answered 503");
            assertThat(retried.claimToken()).isEmpty();
            assertThat(store.retry(first.requireClaim(), retryAt, "again", clock.instant()))
                    .as("a claim given back cannot be used again").isFalse();

            clock.advance(Duration.ofMillis(29_999));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
            clock.advance(Duration.ofMillis(1));
            Intent second = claimOne();
            assertThat(second.attempts()).isEqualTo(2);
            assertThat(second.claimToken()).matches(TOKEN_SHAPE).isNotEqualTo(first.claimToken());

            assertThat(store.complete(first.requireClaim(), clock.instant())).isFalse();
            assertThat(store.complete(second.requireClaim(), clock.instant())).isTrue();
            Intent done = stored(first.id());
            assertThat(done.state()).isEqualTo(IntentState.COMPLETED);
            assertThat(done.attempts()).isEqualTo(2);
            assertThat(done.claimToken()).isEmpty();
            assertThat(done.updatedAt()).isEqualTo(clock.instant());
            clock.advance(Duration.ofDays(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }

        @Test
        void failSettlesTheIntentForGoodAndRecordsWhy() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));

            assertThat(store.fail(claimed.requireClaim(), "payload is not JSON", clock.instant())).isTrue();

            Intent failed = stored(claimed.id());
            assertThat(failed.state()).isEqualTo(IntentState.FAILED);
            assertThat(failed.lastError()).isEqualTo("payload is not JSON");
            assertThat(failed.attempts()).isEqualTo(1);
            assertThat(failed.claimToken()).isEmpty();
            clock.advance(Duration.ofDays(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }

        @Test
        void aWrongTokenWritesNothing() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));

            String token = claimed.claimToken();
            String oneCharacterOff = token.substring(0, 31) + (token.endsWith("0") ? "1" : "0");
            assertEveryWriteIsFenced(new ClaimRef(claimed.id(), oneCharacterOff));
            assertEveryWriteIsFenced(new ClaimRef(claimed.id(), token.substring(0, 16)));

            assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
        }

        @Test
        void writesForAnIntentThatDoesNotExistAreFalse() {
            ClaimRef nowhere = new ClaimRef("no-such-intent", "0".repeat(32));

            fencedWrites().forEach((name, write) -> assertThat(write.test(nowhere)).as(name).isFalse());
            assertThat(store.find("no-such-intent")).isEmpty();
        }

        @Test
        void renewExtendsTheLeaseAndARenewedClaimIsNotReclaimedBeforeItsNewDeadline() {
            Instant claimedAt = clock.instant();
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            clock.advance(Duration.ofSeconds(20));

            assertThat(store.renew(claimed.requireClaim(), clock.instant(), LEASE)).isTrue();

            Intent renewed = stored(claimed.id());
            assertThat(renewed.claimUntil()).isEqualTo(claimedAt.plusSeconds(50));
            assertThat(renewed.claimToken()).isEqualTo(claimed.claimToken());
            assertThat(renewed.attempts()).isEqualTo(1);
            assertThat(renewed.state()).isEqualTo(IntentState.RUNNING);
            clock.set(claimedAt.plus(LEASE));
            assertThat(store.claim(clock.instant(), LEASE, 10)).as("the first deadline no longer counts").isEmpty();
            clock.set(claimedAt.plusMillis(49_999));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
            clock.set(claimedAt.plusSeconds(50));
            Intent reclaimed = claimOne();
            assertThat(reclaimed.attempts()).isEqualTo(2);
        }

        @Test
        void aLateRenewalOfAnExpiredLeaseNobodyTookStillHolds() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            clock.advance(LEASE.plusSeconds(10));

            assertThat(store.renew(claimed.requireClaim(), clock.instant(), LEASE)).isTrue();

            assertThat(stored(claimed.id()).claimUntil()).isEqualTo(clock.instant().plus(LEASE));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }

        @Test
        void renewAllExtendsEveryClaimStillHeldAndNamesTheLostOnes() {
            Intent held = claimOne(enqueued("job", "evt_1", "target-a"));
            Intent completed = claimOne(enqueued("job", "evt_2", "target-a"));
            Intent expired = claimOne(enqueued("job", "evt_3", "target-a"));
            assertThat(store.complete(completed.requireClaim(), clock.instant())).isTrue();
            clock.advance(LEASE);
            assertThat(store.renew(held.requireClaim(), clock.instant(), LEASE)).isTrue();
            Intent takenOver = claimOne(expired);
            clock.advance(Duration.ofSeconds(5));

            Set<ClaimRef> lost = store.renewAll(List.of(held.requireClaim(), completed.requireClaim(),
                    expired.requireClaim()), clock.instant(), LEASE);

            assertThat(lost).containsExactlyInAnyOrder(completed.requireClaim(), expired.requireClaim());
            assertThat(stored(held.id()).claimUntil()).isEqualTo(clock.instant().plus(LEASE));
            assertThat(stored(expired.id())).isEqualTo(takenOver);
            assertThat(store.renewAll(List.of(), clock.instant(), LEASE)).isEmpty();
        }

        @Test
        void renewAfterCompleteIsFalse() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
            Intent completed = stored(claimed.id());
            clock.advance(Duration.ofSeconds(1));

            assertThat(store.renew(claimed.requireClaim(), clock.instant(), LEASE)).isFalse();

            assertThat(stored(claimed.id())).isEqualTo(completed);
        }

        @Test
        void everyWriteWithAClaimThatWasSettledIsFenced() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            assertThat(store.fail(claimed.requireClaim(), "stop", clock.instant())).isTrue();

            assertEveryWriteIsFenced(claimed.requireClaim());
        }

        @Test
        void aBatchClaimTakesUpToMaxEachWithItsOwnToken() {
            List<String> ids = IntStream.range(0, 5)
                    .mapToObj(n -> enqueued("job", "evt_" + n, "target-a").id())
                    .toList();

            List<Intent> firstBatch = store.claim(clock.instant(), LEASE, 3);
            List<Intent> secondBatch = store.claim(clock.instant(), LEASE, 10);

            assertThat(firstBatch).hasSize(3);
            assertThat(secondBatch).hasSize(2);
            List<Intent> all = new ArrayList<>(firstBatch);
            all.addAll(secondBatch);
            assertThat(all).extracting(Intent::id).containsExactlyInAnyOrderElementsOf(ids);
            assertThat(all).allSatisfy(intent -> {
                assertThat(intent.state()).isEqualTo(IntentState.RUNNING);
                assertThat(intent.attempts()).isEqualTo(1);
                assertThat(intent.claimToken()).matches(TOKEN_SHAPE);
                assertThat(stored(intent.id())).isEqualTo(intent);
            });
            assertThat(all).extracting(Intent::claimToken).doesNotHaveDuplicates();
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }
    }

    @Nested
    class ExpiredLeases {

        @Test
        void anExpiredLeaseIsReclaimableWithANewTokenAndOneMoreAttempt() {
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));

            clock.advance(LEASE.minusMillis(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).as("the lease has a millisecond left").isEmpty();
            clock.advance(Duration.ofMillis(1));
            Intent second = claimOne();

            assertThat(second.id()).isEqualTo(first.id());
            assertThat(second.state()).isEqualTo(IntentState.RUNNING);
            assertThat(second.attempts()).isEqualTo(2);
            assertThat(second.claimToken()).matches(TOKEN_SHAPE).isNotEqualTo(first.claimToken());
            assertThat(second.claimUntil()).isEqualTo(clock.instant().plus(LEASE));
        }

        @Test
        void theOldTokenIsFencedOnEveryWriteOnceTheIntentIsReclaimed() {
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));
            clock.advance(LEASE);
            Intent second = claimOne();

            assertEveryWriteIsFenced(first.requireClaim());

            assertThat(store.complete(second.requireClaim(), clock.instant())).isTrue();
            assertThat(state(second.id())).isEqualTo(IntentState.COMPLETED);
        }
    }

    @Nested
    class OperatorCancel {

        @Test
        void cancellingPendingWorkMeansItIsNeverClaimed() {
            Intent pending = enqueued("job", "evt_1", "target-a");
            clock.advance(Duration.ofSeconds(1));

            assertThat(store.cancel(pending.id(), clock.instant())).isTrue();

            Intent cancelled = stored(pending.id());
            assertThat(cancelled.state()).isEqualTo(IntentState.CANCELLED);
            assertThat(cancelled.updatedAt()).isEqualTo(clock.instant());
            clock.advance(Duration.ofDays(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }

        @Test
        void cancellingARunningClaimFencesTheWorkersWrites() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));

            assertThat(store.cancel(claimed.id(), clock.instant())).isTrue();

            Intent cancelled = stored(claimed.id());
            assertThat(cancelled.state()).isEqualTo(IntentState.CANCELLED);
            assertThat(cancelled.claimToken()).isEmpty();
            assertThat(cancelled.attempts()).isEqualTo(1);
            assertEveryWriteIsFenced(claimed.requireClaim());
            clock.advance(LEASE.multipliedBy(2));
            assertThat(store.claim(clock.instant(), LEASE, 10)).as("a cancelled claim is not reclaimed").isEmpty();
        }

        @Test
        void cancelNeverTouchesACompletedIntent() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
            Intent completed = stored(claimed.id());
            clock.advance(Duration.ofSeconds(1));

            assertThat(store.cancel(claimed.id(), clock.instant())).isFalse();

            assertThat(stored(claimed.id())).isEqualTo(completed);
        }

        @ParameterizedTest
        @EnumSource(value = IntentState.class, names = {"FAILED", "CANCELLED"})
        void cancellingWhatIsAlreadyOverIsFalseAndChangesNothing(IntentState terminal) {
            Intent intent = enqueued("job", "evt_1", "target-a");
            settle(intent.id(), terminal);
            Intent settled = stored(intent.id());
            clock.advance(Duration.ofSeconds(1));

            assertThat(store.cancel(intent.id(), clock.instant())).isFalse();

            assertThat(stored(intent.id())).isEqualTo(settled);
        }

        @Test
        void cancellingAnUnknownIntentIsFalse() {
            assertThat(store.cancel("no-such-intent", clock.instant())).isFalse();
        }
    }

    @Nested
    class OperatorRetry {

        @ParameterizedTest
        @EnumSource(value = IntentState.class, names = {"FAILED", "CANCELLED"})
        void retryNowRevivesAFailedOrCancelledIntentKeepingItsAttempts(IntentState terminal) {
            Intent intent = enqueued("job", "evt_1", "target-a");
            settle(intent.id(), terminal);
            int attemptsSoFar = stored(intent.id()).attempts();
            clock.advance(Duration.ofMinutes(5));

            assertThat(store.retryNow(intent.id(), clock.instant())).isTrue();

            Intent revived = stored(intent.id());
            assertThat(revived.state()).isEqualTo(IntentState.PENDING);
            assertThat(revived.nextAt()).isEqualTo(clock.instant());
            assertThat(revived.attempts()).isEqualTo(attemptsSoFar);
            assertThat(revived.claimToken()).isEmpty();
            assertThat(claimOne().attempts()).isEqualTo(attemptsSoFar + 1);
        }

        @Test
        void retryNowMakesPendingWorkDueAtOnce() {
            Instant inAnHour = clock.instant().plus(Duration.ofHours(1));
            Intent later = enqueued(NewIntent.of("job", "evt_1", "target-a", "p").dueAt(inAnHour));
            clock.advance(Duration.ofSeconds(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            assertThat(store.retryNow(later.id(), clock.instant())).isTrue();

            assertThat(stored(later.id()).nextAt()).isEqualTo(clock.instant());
            assertThat(claimOne().id()).isEqualTo(later.id());
        }

        @Test
        void retryNowFencesARunningClaimAndKeepsItsAttempts() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            clock.advance(Duration.ofSeconds(3));

            assertThat(store.retryNow(claimed.id(), clock.instant())).isTrue();

            Intent retried = stored(claimed.id());
            assertThat(retried.state()).isEqualTo(IntentState.PENDING);
            assertThat(retried.nextAt()).isEqualTo(clock.instant());
            assertThat(retried.attempts()).isEqualTo(1);
            assertThat(retried.claimToken()).isEmpty();
            assertEveryWriteIsFenced(claimed.requireClaim());
            Intent again = claimOne();
            assertThat(again.attempts()).isEqualTo(2);
            assertThat(again.claimToken()).isNotEqualTo(claimed.claimToken());
        }

        @Test
        void retryNowNeverTouchesACompletedIntent() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
            Intent completed = stored(claimed.id());
            clock.advance(Duration.ofSeconds(1));

            assertThat(store.retryNow(claimed.id(), clock.instant())).isFalse();

            assertThat(stored(claimed.id())).isEqualTo(completed);
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
        }

        @Test
        void retryNowOfAnUnknownIntentIsFalse() {
            assertThat(store.retryNow("no-such-intent", clock.instant())).isFalse();
        }
    }

    /**
     * Six intents where each part of the order {@code nextAt, createdAt, id} decides once, each against the
     * parts after it: an earlier {@code nextAt} wins though created later with a larger id, an earlier
     * {@code createdAt} wins with a larger id, and only a full tie falls to the id.
     */
    @Nested
    class ClaimOrder {
        private final Instant start = clock.instant();

        @Test
        void singleClaimsFollowNextAtThenCreatedAtThenId() {
            enqueueOrderScenario();

            List<String> order = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                order.add(claimOne().id());
            }

            assertThat(order).containsExactly("z-due-first", "a-due-second", "y-created-first", "b-created-second",
                    "c-tied", "m-tied");
        }

        @Test
        void aBatchTakesTheFirstInClaimOrder() {
            enqueueOrderScenario();

            assertThat(store.claim(clock.instant(), LEASE, 3)).extracting(Intent::id)
                    .containsExactlyInAnyOrder("z-due-first", "a-due-second", "y-created-first");
            assertThat(store.claim(clock.instant(), LEASE, 2)).extracting(Intent::id)
                    .containsExactlyInAnyOrder("b-created-second", "c-tied");
        }

        private void enqueueOrderScenario() {
            store.enqueue(explicit("a-due-second", "job", "evt_1", "target-a").dueAt(start.plusSeconds(5)), clock.instant());
            clock.advance(Duration.ofSeconds(1));
            store.enqueue(explicit("z-due-first", "job", "evt_2", "target-a").dueAt(start), clock.instant());
            clock.advance(Duration.ofSeconds(1));
            store.enqueue(explicit("y-created-first", "job", "evt_3", "target-a").dueAt(start.plusSeconds(7)), clock.instant());
            clock.advance(Duration.ofSeconds(1));
            store.enqueue(explicit("b-created-second", "job", "evt_4", "target-a").dueAt(start.plusSeconds(7)), clock.instant());
            clock.advance(Duration.ofSeconds(1));
            store.enqueueAll(List.of(
                    explicit("m-tied", "job", "evt_5", "target-a").dueAt(start.plusSeconds(9)),
                    explicit("c-tied", "job", "evt_6", "target-a").dueAt(start.plusSeconds(9))), clock.instant());
            clock.set(start.plusSeconds(10));
        }
    }

    /**
     * A claim that cannot take all due work shares itself out between namespaces (the part of a target before
     * {@code /}, {@code ""} without one), so one namespace's backlog delays another's fresh work by one claim.
     */
    @Nested
    class FairShareBetweenNamespaces {

        @Test
        void aFreshIntentOfAnotherNamespaceIsClaimedAheadOfAnOlderBacklog() {
            List<Intent> backlog = enqueueBacklog("busy/target", 20);
            clock.advance(Duration.ofSeconds(1));
            Intent fresh = enqueued("job", "evt_fresh", "quiet/target");

            List<Intent> claimed = store.claim(clock.instant(), LEASE, 5);

            assertThat(claimed).extracting(Intent::id).containsExactlyInAnyOrderElementsOf(
                    Stream.concat(Stream.of(fresh.id()), backlog.stream().limit(4).map(Intent::id)).toList());
        }

        @Test
        void theNamespaceOfTargetsWithoutOneIsSharedWithLikeAnyOther() {
            enqueueBacklog("target", 20);
            clock.advance(Duration.ofSeconds(1));
            Intent fresh = enqueued("job", "evt_fresh", "tenant-b/target");

            assertThat(store.claim(clock.instant(), LEASE, 5)).extracting(Intent::id).contains(fresh.id());
        }

        @Test
        void aLoneBacklogIsClaimedInDueOrderAsManyAsAsked() {
            List<Intent> backlog = enqueueBacklog("busy/target", 20);

            assertThat(store.claim(clock.instant(), LEASE, 5)).extracting(Intent::id)
                    .containsExactlyElementsOf(backlog.stream().limit(5).map(Intent::id).toList());
        }

        @Test
        void whatTheOtherNamespacesLeaveFillsTheClaimWithTheBacklog() {
            List<Intent> backlog = enqueueBacklog("busy/target", 20);
            Intent fresh = enqueued("job", "evt_fresh", "quiet/target");

            assertThat(store.claim(clock.instant(), LEASE, 8)).hasSize(8).extracting(Intent::id).contains(fresh.id())
                    .containsAll(backlog.stream().limit(7).map(Intent::id).toList());
        }

        @Test
        void whenMoreNamespacesHaveDueWorkThanAClaimTakesEachIsServedWithinARoundOfClaims() {
            Set<String> spaces = new TreeSet<>();
            for (int space = 0; space < 7; space++) {
                spaces.add("space-" + space);
                enqueueBacklog("space-" + space + "/target", 3);
            }

            Set<String> served = new TreeSet<>();
            for (int claim = 0; claim < 3; claim++) {
                store.claim(clock.instant(), LEASE, 3).forEach(intent -> served.add(intent.target().split("/")[0]));
            }

            assertThat(served).isEqualTo(spaces);
        }

        @Test
        void aLeaseThatEndedIsTakenOverInASharedClaimAndLoggedAbandoned() {
            Intent expired = claimOne(enqueued("job", "evt_expired", "busy/target"));
            clock.advance(LEASE);
            enqueueBacklog("busy/target", 10);
            enqueued("job", "evt_fresh", "quiet/target");

            assertThat(store.claim(clock.instant(), LEASE, 4)).extracting(Intent::id).contains(expired.id());
            assertThat(store.attempts(expired.id())).extracting(AttemptRecord::outcome).containsExactly(AttemptOutcome.ABANDONED);
        }

        /** {@code count} intents of the target, each due and created a millisecond after the one before. */
        private List<Intent> enqueueBacklog(String target, int count) {
            List<Intent> backlog = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                backlog.add(enqueued("job", "evt_" + target + "_" + i, target));
                clock.advance(Duration.ofMillis(1));
            }
            return backlog;
        }
    }

    @Nested
    class Pausing {

        @Test
        void aPausedKindAndTargetIsNotClaimedWhileOtherTargetsAndKindsAre() {
            store.pause("delivery", "target-a");
            Intent paused = enqueued("delivery", "evt_1", "target-a");
            Intent otherTarget = enqueued("delivery", "evt_1", "target-b");
            Intent otherKind = enqueued("job", "evt_1", "target-a");

            List<Intent> claimed = store.claim(clock.instant(), LEASE, 10);

            assertThat(claimed).extracting(Intent::id).containsExactlyInAnyOrder(otherTarget.id(), otherKind.id());
            assertThat(stored(paused.id())).isEqualTo(paused);
            assertThat(store.isPaused("delivery", "target-a")).isTrue();
            assertThat(store.isPaused("delivery", "target-b")).isFalse();
            assertThat(store.isPaused("job", "target-a")).isFalse();
        }

        @Test
        void resumeMakesPausedWorkClaimableAgain() {
            store.pause("delivery", "target-a");
            Intent intent = enqueued("delivery", "evt_1", "target-a");
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            store.resume("delivery", "target-a");

            assertThat(store.isPaused("delivery", "target-a")).isFalse();
            assertThat(claimOne().id()).isEqualTo(intent.id());
        }

        @Test
        void anExpiredClaimOfAPausedPairIsNotReclaimedEither() {
            Intent claimed = claimOne(enqueued("delivery", "evt_1", "target-a"));
            store.pause("delivery", "target-a");
            clock.advance(LEASE.multipliedBy(2));

            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
            assertThat(state(claimed.id())).isEqualTo(IntentState.RUNNING);

            store.resume("delivery", "target-a");
            Intent reclaimed = claimOne();
            assertThat(reclaimed.id()).isEqualTo(claimed.id());
            assertThat(reclaimed.attempts()).isEqualTo(2);
        }

        @Test
        void aRetryOfWorkThatEndedWhilePausedWaitsForTheResume() {
            Intent claimed = claimOne(enqueued("delivery", "evt_1", "target-a"));
            assertThat(store.settle(claimed.requireClaim(), new Settlement.Fail("gave up"), Optional.empty(), clock.instant())).isTrue();
            store.pause("delivery", "target-a");

            assertThat(store.retryNow(claimed.id(), clock.instant())).isTrue();
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            store.resume("delivery", "target-a");
            assertThat(claimOne().id()).isEqualTo(claimed.id());
        }

        @Test
        void anAttemptRunningAtThePauseThatEndsInARetryWaitsForTheResume() {
            Intent claimed = claimOne(enqueued("delivery", "evt_1", "target-a"));
            store.pause("delivery", "target-a");

            assertThat(store.settle(claimed.requireClaim(), new Settlement.Retry(clock.instant(), "busy"), Optional.empty(),
                    clock.instant())).isTrue();
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            store.resume("delivery", "target-a");
            assertThat(claimOne().id()).isEqualTo(claimed.id());
        }

        @Test
        void pausingDoesNotFenceAClaimAlreadyRunning() {
            Intent claimed = claimOne(enqueued("delivery", "evt_1", "target-a"));

            store.pause("delivery", "target-a");

            assertThat(store.renew(claimed.requireClaim(), clock.instant(), LEASE)).isTrue();
            assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
        }

        @Test
        void pauseAndResumeAreIdempotent() {
            store.resume("delivery", "never-paused");
            store.pause("delivery", "target-a");
            store.pause("delivery", "target-a");
            assertThat(store.isPaused("delivery", "target-a")).isTrue();

            store.resume("delivery", "target-a");

            assertThat(store.isPaused("delivery", "target-a")).isFalse();
            assertThat(store.isPaused("delivery", "never-paused")).isFalse();
        }
    }

    /** Intents sharing a FIFO key run one at a time in enqueue order: only the lane's head is claimable. */
    @Nested
    class FifoLanes {

        @Test
        void onlyEachLanesHeadIsClaimedAndTheRestFollowInEnqueueOrder() {
            Intent first = enqueued(inLane("a", "evt_1"));
            List<Enqueued> later = store.enqueueAll(List.of(inLane("a", "evt_2"), inLane("a", "evt_3")), clock.instant());
            Intent otherLane = enqueued(inLane("b", "evt_1"));
            Intent unordered = enqueued("job", "evt_free", "target-a");

            assertThat(store.claim(clock.instant(), LEASE, 10)).extracting(Intent::id)
                    .containsExactlyInAnyOrder(first.id(), otherLane.id(), unordered.id());
            assertThat(store.fifoHead("lane-a")).map(Intent::id).contains(first.id());

            assertThat(store.complete(stored(first.id()).requireClaim(), clock.instant())).isTrue();
            Intent second = claimOne();
            assertThat(second.id()).isEqualTo(later.get(0).id());
            assertThat(store.claim(clock.instant(), LEASE, 10)).as("one at a time").isEmpty();
            assertThat(store.fail(second.requireClaim(), "gave up", clock.instant())).isTrue();
            assertThat(claimOne().id()).as("a head that failed for good lets the next go").isEqualTo(later.get(1).id());
        }

        @Test
        void aHeadWaitingForItsRetryHoldsBackItsOwnLaneOnly() {
            Intent head = enqueued(inLane("a", "evt_1"));
            Intent behind = enqueued(inLane("a", "evt_2"));
            Intent claimed = claimOne(head);
            assertThat(store.retry(claimed.requireClaim(), clock.instant().plusSeconds(60), "http 500", clock.instant()))
                    .isTrue();
            Intent otherLane = enqueued(inLane("b", "evt_3"));

            assertThat(store.complete(claimOne(otherLane).requireClaim(), clock.instant())).isTrue();
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
            assertThat(store.failingFifoHeads("job", 10)).extracting(Intent::id).containsExactly(head.id());
            assertThat(store.failingFifoHeads("delivery", 10)).isEmpty();
            assertThat(store.fifoHead("lane-a")).map(Intent::lastError).contains("http 500");

            clock.advance(Duration.ofSeconds(60));
            Intent retried = claimOne(head);
            assertThat(store.complete(retried.requireClaim(), clock.instant())).isTrue();
            assertThat(store.failingFifoHeads("job", 10)).isEmpty();
            assertThat(claimOne().id()).isEqualTo(behind.id());
        }

        @Test
        void aSnoozedHeadAndAnExpiredLeaseKeepTheirPlaceAtTheHead() {
            Intent head = enqueued(inLane("a", "evt_1"));
            enqueued(inLane("a", "evt_2"));
            Intent claimed = claimOne(head);
            assertThat(store.settle(claimed.requireClaim(), new Settlement.Snooze(clock.instant().plusSeconds(5)),
                    Optional.empty(), clock.instant())).isTrue();
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            clock.advance(Duration.ofSeconds(5));
            claimOne(head);
            clock.advance(LEASE);
            assertThat(claimOne().id()).as("the head's ended lease is taken over, nothing behind it").isEqualTo(head.id());
            assertThat(store.failingFifoHeads("job", 10)).as("a snooze and a lost lease are no failures").isEmpty();
        }

        @Test
        void cancellingTheHeadOrRetiringItsWorkLetsTheLaneGoOn() {
            Intent head = enqueued(inLane("a", "evt_1"));
            Intent second = enqueued(inLane("a", "evt_2"));
            Intent onOtherTarget = enqueued(NewIntent.of("job", "evt_3", "target-b", "p").inFifo("lane-a"));

            assertThat(store.cancel(head.id(), clock.instant())).isTrue();
            claimOne(second);
            assertThat(store.retire("job", "target-a", clock.instant())).isEqualTo(1);

            assertThat(claimOne().id()).isEqualTo(onOtherTarget.id());
        }

        @Test
        void anOperatorRetryPutsAnEndedIntentBackInItsLaneBehindTheCurrentHead() {
            Intent first = enqueued(inLane("a", "evt_1"));
            Intent second = enqueued(inLane("a", "evt_2"));
            Intent third = enqueued(inLane("a", "evt_3"));
            assertThat(store.fail(claimOne(first).requireClaim(), "gave up", clock.instant())).isTrue();
            Intent running = claimOne(second);

            assertThat(store.retryNow(first.id(), clock.instant())).isTrue();
            assertThat(store.claim(clock.instant(), LEASE, 10)).as("the running head holds it back").isEmpty();
            assertThat(store.complete(running.requireClaim(), clock.instant())).isTrue();

            assertThat(store.complete(claimOne(first).requireClaim(), clock.instant())).isTrue();
            claimOne(third);
        }

        @Test
        void aBulkRetryBringsBackOneHeadPerLaneAndTheOthersInTheirOrder() {
            Intent first = enqueued(inLane("a", "evt_1"));
            Intent second = enqueued(inLane("a", "evt_2"));
            Intent third = enqueued(inLane("a", "evt_3"));
            assertThat(store.fail(claimOne(first).requireClaim(), "gave up", clock.instant())).isTrue();
            assertThat(store.fail(claimOne(second).requireClaim(), "gave up", clock.instant())).isTrue();

            clock.advance(Duration.ofSeconds(1));
            assertThat(store.retryAll(new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty()),
                    clock.instant())).isEqualTo(2);

            List<String> order = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Intent claimed = claimOne();
                order.add(claimed.id());
                assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
            }
            assertThat(order).containsExactly(third.id(), first.id(), second.id());
        }

        @Test
        void anotherStoresTransactionJoinsTheLaneAsAnEnqueueDoes() {
            Intent head = enqueued(inLane("a", "evt_1"));
            List<Enqueued> joined = writeAsAnotherStore(writes -> writes.enqueueAll(
                    List.of(inLane("a", "evt_2"), inLane("a", "evt_3")), clock.instant()));

            assertThat(store.complete(claimOne(head).requireClaim(), clock.instant())).isTrue();
            assertThat(store.complete(claimOne().requireClaim(), clock.instant())).isTrue();
            assertThat(claimOne().id()).isEqualTo(joined.get(1).id());
            assertThat(store.fifoHead("lane-b")).isEmpty();
        }

        @Test
        void aPausedHeadStaysTheHeadAndRunsFirstOnceResumed() {
            Intent head = enqueued(inLane("a", "evt_1"));
            enqueued(inLane("a", "evt_2"));
            store.pause("job", "target-a");
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();

            store.resume("job", "target-a");

            assertThat(store.claim(clock.instant(), LEASE, 10)).extracting(Intent::id).containsExactly(head.id());
        }

        private NewIntent inLane(String lane, String eventId) {
            return NewIntent.of("job", eventId + "-" + lane, "target-a", "p").inFifo("lane-" + lane);
        }
    }

    /** Each attempt's log entry lands in the same write as its outcome, under the same fence. */
    @Nested
    class AttemptLog {

        @ParameterizedTest
        @EnumSource(value = AttemptOutcome.class, names = {"SUCCESS", "ERROR", "STOP"})
        void aSettlementWithALogEntryWritesBoth(AttemptOutcome outcome) {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            Instant startedAt = clock.instant();
            clock.advance(Duration.ofMillis(1234));
            String error = outcome == AttemptOutcome.SUCCESS ? "" : "http_5xx: receiver answered 503";
            AttemptRecord entry = new AttemptRecord(1, startedAt, Duration.ofMillis(1234), outcome, error,
                    new AttemptDetail(Optional.of(outcome == AttemptOutcome.SUCCESS ? 200 : 503), "answer of the receiver"));
            Instant retryAt = clock.instant().plusSeconds(5);
            Settlement settlement = switch (outcome) {
                case SUCCESS -> new Settlement.Complete();
                case ERROR -> new Settlement.Retry(retryAt, error);
                default -> new Settlement.Fail(error);
            };

            assertThat(store.settle(claimed.requireClaim(), settlement, Optional.of(entry), clock.instant())).isTrue();

            Intent settled = stored(claimed.id());
            assertThat(settled.state()).isEqualTo(switch (outcome) {
                case SUCCESS -> IntentState.COMPLETED;
                case ERROR -> IntentState.PENDING;
                default -> IntentState.FAILED;
            });
            assertThat(settled.lastError()).isEqualTo(error);
            assertThat(settled.attempts()).isEqualTo(1);
            assertThat(settled.claimToken()).isEmpty();
            assertThat(settled.updatedAt()).isEqualTo(clock.instant());
            if (outcome == AttemptOutcome.ERROR) {
                assertThat(settled.nextAt()).isEqualTo(retryAt);
            }
            assertThat(store.attempts(claimed.id())).containsExactly(entry);
        }

        @Test
        void aTakeoverLogsTheAttemptAbandonedAndItsFencedSettlementWritesNothing() {
            Instant claimedAt = clock.instant();
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));
            clock.advance(LEASE.plusSeconds(7));
            Intent second = claimOne();

            assertThat(store.settle(first.requireClaim(), new Settlement.Complete(),
                    Optional.of(logEntry(first, AttemptOutcome.SUCCESS, "")), clock.instant())).isFalse();

            assertThat(stored(first.id())).isEqualTo(second);
            AttemptRecord abandoned = new AttemptRecord(1, claimedAt, LEASE, AttemptOutcome.ABANDONED,
                    Abandonment.LEASE_ENDED.why(), AttemptDetail.NONE);
            assertThat(store.attempts(first.id())).as("the attempt spans the claim until its lease ended").containsExactly(abandoned);
            AttemptRecord secondEntry = logEntry(second, AttemptOutcome.SUCCESS, "");
            assertThat(store.settle(second.requireClaim(), new Settlement.Complete(), Optional.of(secondEntry),
                    clock.instant())).isTrue();
            assertThat(store.attempts(first.id())).containsExactly(abandoned, secondEntry);
        }

        @Test
        void aRenewedClaimTakenOverIsLoggedUntilItsLastLeaseEnded() {
            Instant claimedAt = clock.instant();
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));
            clock.advance(Duration.ofSeconds(10));
            assertThat(store.renew(first.requireClaim(), clock.instant(), LEASE)).isTrue();
            clock.advance(LEASE);

            claimOne();

            assertThat(store.attempts(first.id())).extracting(AttemptRecord::attempt, AttemptRecord::startedAt,
                    AttemptRecord::duration, AttemptRecord::outcome)
                    .containsExactly(tuple(1, claimedAt, LEASE.plusSeconds(10), AttemptOutcome.ABANDONED));
        }

        @Test
        void anOperatorsRetryOrCancelOfARunningIntentLogsItsAttemptAbandoned() {
            Instant claimedAt = clock.instant();
            Intent retried = claimOne(enqueued("job", "evt_1", "target-a"));
            Intent cancelled = claimOne(enqueued("job", "evt_2", "target-a"));
            Intent pending = enqueued("job", "evt_3", "target-a");
            clock.advance(Duration.ofSeconds(3));

            assertThat(store.retryNow(retried.id(), clock.instant())).isTrue();
            assertThat(store.cancel(cancelled.id(), clock.instant())).isTrue();
            assertThat(store.cancel(pending.id(), clock.instant())).isTrue();

            assertThat(store.attempts(retried.id())).containsExactly(new AttemptRecord(1, claimedAt, Duration.ofSeconds(3),
                    AttemptOutcome.ABANDONED, Abandonment.RETRIED.why(), AttemptDetail.NONE));
            assertThat(store.attempts(cancelled.id())).containsExactly(new AttemptRecord(1, claimedAt, Duration.ofSeconds(3),
                    AttemptOutcome.ABANDONED, Abandonment.CANCELLED.why(), AttemptDetail.NONE));
            assertThat(store.attempts(pending.id())).as("nothing ran").isEmpty();
            assertThat(claimOne().attempts()).as("the retried intent's next attempt follows the abandoned one").isEqualTo(2);
        }

        @Test
        void aSettlementWithoutALogEntryLogsNothing() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));

            assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();

            assertThat(state(claimed.id())).isEqualTo(IntentState.COMPLETED);
            assertThat(store.attempts(claimed.id())).isEmpty();
        }

        @Test
        void theLogListsAttemptsOldestFirst() {
            Intent intent = enqueued("job", "evt_1", "target-a");
            List<AttemptRecord> written = new ArrayList<>();
            for (int attempt = 1; attempt <= 3; attempt++) {
                Intent claimed = claimOne(intent);
                AttemptRecord entry = logEntry(claimed, AttemptOutcome.ERROR, "refused on attempt " + attempt);
                clock.advance(Duration.ofSeconds(1));
                assertThat(store.settle(claimed.requireClaim(), new Settlement.Retry(clock.instant(), entry.error()),
                        Optional.of(entry), clock.instant())).isTrue();
                written.add(entry);
            }
            Intent last = claimOne(intent);
            AttemptRecord success = logEntry(last, AttemptOutcome.SUCCESS, "");
            assertThat(store.settle(last.requireClaim(), new Settlement.Complete(), Optional.of(success), clock.instant()))
                    .isTrue();
            written.add(success);

            assertThat(store.attempts(intent.id())).containsExactlyElementsOf(written)
                    .extracting(AttemptRecord::attempt).containsExactly(1, 2, 3, 4);
        }

        @Test
        void eachIntentHasItsOwnLog() {
            Intent one = claimOne(enqueued("job", "evt_1", "target-a"));
            Intent other = claimOne(enqueued("job", "evt_2", "target-a"));
            AttemptRecord ofOne = logEntry(one, AttemptOutcome.SUCCESS, "");
            AttemptRecord ofOther = logEntry(other, AttemptOutcome.STOP, "malformed");

            store.settle(one.requireClaim(), new Settlement.Complete(), Optional.of(ofOne), clock.instant());
            store.settle(other.requireClaim(), new Settlement.Fail("malformed"), Optional.of(ofOther), clock.instant());

            assertThat(store.attempts(one.id())).containsExactly(ofOne);
            assertThat(store.attempts(other.id())).containsExactly(ofOther);
        }

        @Test
        void theAttemptsOfAnUnknownIntentAreEmpty() {
            assertThat(store.attempts("no-such-intent")).isEmpty();
        }

        @Test
        void anEntryKeepsNoStatusAnEmptyErrorAndAFullExcerptExactly() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            String excerpt = "réponse ✓ 🚀 \"quoted\"\n" + "x".repeat(AttemptDetail.MAX_EXCERPT_CHARS);
            AttemptRecord entry = new AttemptRecord(1, clock.instant(), Duration.ZERO, AttemptOutcome.NO_HANDLER, "",
                    new AttemptDetail(Optional.empty(), excerpt));
            assertThat(entry.detail().excerpt()).hasSize(AttemptDetail.MAX_EXCERPT_CHARS);

            store.settle(claimed.requireClaim(), new Settlement.Retry(clock.instant(), "no handler"), Optional.of(entry),
                    clock.instant());

            AttemptRecord read = store.attempts(claimed.id()).get(0);
            assertThat(read).isEqualTo(entry);
            assertThat(read.detail().statusCode()).isEmpty();
        }

        @Test
        void anAnswerHoldingANulIsLoggedWithTheNulReplaced() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            AttemptRecord entry = new AttemptRecord(1, clock.instant(), Duration.ZERO, AttemptOutcome.ERROR, "refused",
                    new AttemptDetail(Optional.of(500), "before\u0000after"));

            boolean settled = store.settle(claimed.requireClaim(), new Settlement.Retry(clock.instant(), "refused"),
                    Optional.of(entry), clock.instant());

            assertThat(settled).isTrue();
            assertThat(store.attempts(claimed.id())).extracting(read -> read.detail().excerpt())
                    .containsExactly("before\uFFFDafter");
        }

        @Test
        void aSecondEntryForTheSameAttemptIsRefusedAndNothingOfTheSettlementIsWritten() {
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));
            AttemptRecord entry = logEntry(first, AttemptOutcome.ERROR, "refused");
            store.settle(first.requireClaim(), new Settlement.Retry(clock.instant(), "refused"), Optional.of(entry),
                    clock.instant());
            Intent second = claimOne(first);
            clock.advance(Duration.ofSeconds(1));

            assertThatIllegalArgumentException().isThrownBy(() -> store.settle(second.requireClaim(),
                    new Settlement.Complete(), Optional.of(entry), clock.instant()));

            assertThat(stored(second.id())).isEqualTo(second);
            assertThat(store.attempts(second.id())).containsExactly(entry);
        }

        @Test
        void settleAsyncWritesWhatSettleWritesAndFailsWithWhatSettleThrows() {
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));
            AttemptRecord entry = logEntry(first, AttemptOutcome.ERROR, "refused");

            assertThat(store.settleAsync(first.requireClaim(), new Settlement.Retry(clock.instant(), "refused"),
                    Optional.of(entry), clock.instant()).join()).isTrue();

            assertThat(stored(first.id()).state()).isEqualTo(IntentState.PENDING);
            assertThat(store.attempts(first.id())).containsExactly(entry);
            Intent second = claimOne(first);
            CompletableFuture<Boolean> duplicate = store.settleAsync(second.requireClaim(), new Settlement.Complete(),
                    Optional.of(entry), clock.instant());
            assertThatThrownBy(duplicate::join).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(IllegalArgumentException.class);
            assertThat(stored(second.id())).isEqualTo(second);
        }
    }

    /** A handler that found its counterpart busy gives its claim back as if it had never been made. */
    @Nested
    class Snoozing {

        @Test
        void aSnoozeReturnsTheIntentToPendingWithoutSpendingAnAttempt() {
            Intent first = claimOne(enqueued("job", "evt_1", "target-a"));
            store.settle(first.requireClaim(), new Settlement.Retry(clock.instant(), "receiver answered 500"),
                    Optional.of(logEntry(first, AttemptOutcome.ERROR, "receiver answered 500")), clock.instant());
            Intent second = claimOne(first);
            assertThat(second.attempts()).isEqualTo(2);
            clock.advance(Duration.ofSeconds(1));
            Instant until = clock.instant().plusMillis(250);

            assertThat(store.settle(second.requireClaim(), new Settlement.Snooze(until), Optional.empty(), clock.instant()))
                    .isTrue();

            Intent snoozed = stored(first.id());
            assertThat(snoozed.state()).isEqualTo(IntentState.PENDING);
            assertThat(snoozed.attempts()).isEqualTo(1);
            assertThat(snoozed.nextAt()).isEqualTo(until);
            assertThat(snoozed.lastError()).as("a snooze is no failure").isEqualTo("receiver answered 500");
            assertThat(snoozed.claimToken()).isEmpty();
            assertThat(snoozed.updatedAt()).isEqualTo(clock.instant());
            assertThat(store.attempts(first.id())).extracting(AttemptRecord::attempt).containsExactly(1);
            assertThat(store.settle(second.requireClaim(), new Settlement.Snooze(until), Optional.empty(), clock.instant()))
                    .as("a claim given back cannot be used again").isFalse();

            clock.set(until.minusMillis(1));
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
            clock.set(until);
            Intent again = claimOne(first);
            assertThat(again.attempts()).as("the snoozed attempt's number is used again").isEqualTo(2);
            assertThat(again.claimToken()).isNotEqualTo(second.claimToken());
        }

        @Test
        void snoozingTheFirstAttemptLeavesNoAttemptCounted() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));

            assertThat(store.settle(claimed.requireClaim(), new Settlement.Snooze(clock.instant()), Optional.empty(),
                    clock.instant())).isTrue();

            assertThat(stored(claimed.id()).attempts()).isZero();
            assertThat(claimOne(claimed).attempts()).isEqualTo(1);
        }
    }

    @Nested
    class PendingCounts {

        @Test
        void onlyPendingIntentsAreCountedByTheirRawKind() {
            Intent due = enqueued("job", "evt_1", "target-a");
            Instant later = clock.instant().plusSeconds(60);
            store.enqueueAll(List.of(
                    NewIntent.of("delivery", "evt_2", "target-a", "p").dueAt(later),
                    NewIntent.of("delivery", "evt_3", "target-a", "p").dueAt(later),
                    NewIntent.of("tenant-42-import", "evt_4", "target-a", "p").dueAt(later)), clock.instant());
            assertThat(claimOne().id()).isEqualTo(due.id());

            assertThat(pendingCounts()).containsOnly(entry("delivery", 2L), entry("tenant-42-import", 1L));
        }

        @Test
        void foldedCountsUseOnlyKnownLabelsAndReturnToZeroOnceTheWorkIsDone() {
            KindLabels labels = KindLabels.defaults();
            Set<String> everyLabel = labels.fold(Map.of()).keySet();
            store.enqueueAll(List.of(
                    NewIntent.of("delivery", "evt_1", "target-a", "p"),
                    NewIntent.of("job", "evt_1", "target-a", "p"),
                    NewIntent.of("tenant-42-import", "evt_1", "target-a", "p"),
                    NewIntent.of("x", "evt_1", "target-a", "p")), clock.instant());

            Map<String, Long> busy = labels.fold(store.countPendingByKind());

            assertThat(busy.keySet()).isEqualTo(everyLabel).contains(KindLabels.OTHER)
                    .doesNotContain("tenant-42-import", "x");
            assertThat(busy).contains(entry("delivery", 1L), entry("job", 1L), entry(KindLabels.OTHER, 2L));
            assertThat(busy.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(4);

            for (Intent claimed : store.claim(clock.instant(), LEASE, 10)) {
                assertThat(store.complete(claimed.requireClaim(), clock.instant())).isTrue();
            }
            Map<String, Long> drained = labels.fold(store.countPendingByKind());

            assertThat(drained.keySet()).isEqualTo(everyLabel);
            assertThat(drained.values()).containsOnly(0L);
        }
    }

    /** The policies are pure, but every store's retries lean on them, so the suite pins them down too. */
    @Nested
    class RetryPolicies {
        private final RetryPolicy exponential = new ExponentialBackoff();

        @Test
        void exponentialBackoffStaysWithinTwentyPercentOfTwoToTheAttemptsSecondsCappedAtAnHour() {
            for (int n = 0; n < 50; n++) {
                String id = NewIntent.defaultId("job", "evt_" + n, "target-a");
                for (int attempts = 1; attempts <= 16; attempts++) {
                    long baseMillis = Math.min(1L << attempts, 3600) * 1000;
                    assertThat(delayMillis(exponential, id, attempts))
                            .as("attempt %d of %s", attempts, id)
                            .isBetween(Math.round(baseMillis * 0.8), Math.round(baseMillis * 1.2));
                }
            }
        }

        @Test
        void exponentialBackoffIsTheSameForTheSameIntentAndAttemptYetSpreadsIntentsApart() {
            String id = NewIntent.defaultId("job", "evt_1", "target-a");
            for (int attempts = 1; attempts <= 16; attempts++) {
                assertThat(new ExponentialBackoff().delayAfter(id, attempts)).isEqualTo(exponential.delayAfter(id, attempts));
            }

            Set<Long> delaysOfManyIntents = IntStream.range(0, 50)
                    .mapToObj(n -> delayMillis(exponential, "intent-" + n, 5))
                    .collect(Collectors.toSet());
            assertThat(delaysOfManyIntents).as("intents failing together retry at different times").hasSizeGreaterThan(10);
        }

        @ParameterizedTest
        @ValueSource(ints = {12, 13, 40, 1_000, Integer.MAX_VALUE})
        void exponentialBackoffIsCappedAtAnHourAndNeverGivesUp(int attempts) {
            long hour = Duration.ofHours(1).toMillis();

            assertThat(delayMillis(exponential, "intent-1", attempts)).isBetween(Math.round(hour * 0.8), Math.round(hour * 1.2));
        }

        @Test
        void scheduleBackoffWaitsAsListedAndThenGivesUp() {
            List<Duration> delays = List.of(Duration.ZERO, Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofHours(2));
            ScheduleBackoff schedule = new ScheduleBackoff(delays);

            for (int attempts = 1; attempts <= delays.size(); attempts++) {
                long listed = delays.get(attempts - 1).toMillis();
                assertThat(delayMillis(schedule, "intent-1", attempts))
                        .as("wait after attempt %d", attempts)
                        .isBetween(Math.round(listed * 0.8), Math.round(listed * 1.2));
                assertThat(schedule.delayAfter("intent-1", attempts)).isEqualTo(schedule.delayAfter("intent-1", attempts));
            }
            assertThat(schedule.delayAfter("intent-1", delays.size() + 1)).isEmpty();
            assertThat(new ScheduleBackoff(List.of()).delayAfter("intent-1", 1)).isEmpty();
        }

        @Test
        void aScheduleRefusesNegativeDelays() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> new ScheduleBackoff(List.of(Duration.ofSeconds(1), Duration.ofSeconds(-1))));
        }

        private long delayMillis(RetryPolicy policy, String id, int attempts) {
            return policy.delayAfter(id, attempts).orElseThrow().toMillis();
        }
    }

    /**
     * A real {@link WorkerPool} against the store under test, on the system clock with leases of a fraction
     * of a second, so renewals and expiries happen while the test waits for what they cause.
     */
    @Nested
    class Workers {
        private final Clock systemClock = Clock.systemUTC();
        private final RecordingQueueMetrics metrics = new RecordingQueueMetrics();
        private final List<WorkerPool> pools = new ArrayList<>();
        private IntentQueue queue;

        @BeforeEach
        void openQueue() {
            queue = new IntentQueue(store, systemClock);
        }

        @AfterEach
        void closePools() {
            pools.forEach(WorkerPool::close);
        }

        @Test
        void twoPoolsAndALongAttemptWithRenewalRunTheHandlerExactlyOnce() throws Exception {
            AtomicInteger runs = new AtomicInteger();
            CountDownLatch mayFinish = new CountDownLatch(1);
            IntentHandler longAttempt = (intent, signal) -> {
                runs.incrementAndGet();
                if (!mayFinish.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new IllegalStateException("the test never let the attempt finish");
                }
                return Verdict.completed();
            };
            IntentQueue otherProcess = new IntentQueue(store, systemClock);
            WorkerPool here = start(WorkerPool.builder(queue).handler("job", longAttempt), settings(1));
            WorkerPool there = start(WorkerPool.builder(otherProcess).handler("job", longAttempt), settings(1));

            String id = queue.enqueue(NewIntent.of("job", "evt_long", "target-a", "p")).id();
            Await.until("the attempt started", WAIT, () -> runs.get() == 1);
            String token = stored(id).claimToken();
            Set<Instant> leaseEnds = new HashSet<>();
            Await.until("the lease was renewed three times", WAIT, () -> {
                Intent now = stored(id);
                assertThat(now.claimToken()).as("the claim never changes hands").isEqualTo(token);
                leaseEnds.add(now.claimUntil());
                return leaseEnds.size() >= 4;
            });
            mayFinish.countDown();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

            Intent done = stored(id);
            assertThat(done.state()).isEqualTo(IntentState.COMPLETED);
            assertThat(done.attempts()).isEqualTo(1);
            assertThat(runs).hasValue(1);
            assertThat(metrics.attempts(AttemptOutcome.FENCED)).isZero();
            assertThat(here.isRunning()).isTrue();
            assertThat(there.isRunning()).isTrue();
        }

        @Test
        void anAttemptWhoseRenewalsStopLandingIsCalledOffBeforeItsLeaseEndsAndTakenOverAfter() throws Exception {
            FlakyIntentStore cutOff = new FlakyIntentStore(store).failNext("renew", Integer.MAX_VALUE);
            IntentQueue cutOffQueue = new IntentQueue(cutOff, systemClock);
            CountDownLatch started = new CountDownLatch(1);
            AtomicReference<Instant> calledOffAt = new AtomicReference<>();
            start(WorkerPool.builder(cutOffQueue).handler("job", (intent, signal) -> {
                if (intent.attempts() == 1) {
                    started.countDown();
                    if (awaitCallOff(signal)) {
                        calledOffAt.set(systemClock.instant());
                    }
                }
                return Verdict.completed();
            }), settings(1).withLease(Duration.ofSeconds(3)));

            String id = cutOffQueue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            Instant leaseEnds = stored(id).claimUntil();
            metrics.awaitAttempts("job", AttemptOutcome.FENCED, 1, WAIT);
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

            assertThat(calledOffAt.get()).as("called off before the lease ended at %s", leaseEnds).isBefore(leaseEnds);
            assertThat(store.attempts(id)).extracting(AttemptRecord::attempt, AttemptRecord::outcome)
                    .containsExactly(tuple(1, AttemptOutcome.ABANDONED), tuple(2, AttemptOutcome.SUCCESS));
            assertThat(store.attempts(id).get(1).startedAt()).as("taken over once the lease had ended").isAfterOrEqualTo(leaseEnds);
        }

        @Test
        void afterAClaimThatFoundLessThanItAskedForTheNextWaitsForTheCooldown() throws Exception {
            Duration cooldown = Duration.ofSeconds(1);
            Map<String, Long> startedAt = new ConcurrentHashMap<>();
            queue.enqueue(NewIntent.of("job", "evt_first", "target-a", "p"));
            long poolStarted = System.nanoTime();
            start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                startedAt.put(intent.eventId(), System.nanoTime());
                return Verdict.completed();
            }), settings(1).withClaimCooldown(cooldown));
            Await.until("the first intent ran", WAIT, () -> startedAt.containsKey("evt_first"));

            queue.enqueue(NewIntent.of("job", "evt_second", "target-a", "p"));
            Await.until("the second intent ran", WAIT, () -> startedAt.containsKey("evt_second"));

            assertThat(Duration.ofNanos(startedAt.get("evt_second") - poolStarted))
                    .as("the first claim began after the pool started, and came back with one intent of the batch it asked for")
                    .isGreaterThanOrEqualTo(cooldown);
        }

        @Test
        void anAdminCancelDuringAnAttemptFencesItAndTheWorkerGoesOnToTheNextIntent() throws Exception {
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean calledOff = new AtomicBoolean();
            WorkerPool pool = start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                if (intent.eventId().equals("evt_cancelled")) {
                    started.countDown();
                    calledOff.set(awaitCallOff(signal));
                }
                return Verdict.completed();
            }), settings(1));

            String cancelled = queue.enqueue(NewIntent.of("job", "evt_cancelled", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            assertThat(queue.cancel(cancelled)).isTrue();
            metrics.awaitAttempts("job", AttemptOutcome.FENCED, 1, WAIT);

            assertThat(calledOff).isTrue();
            assertThat(state(cancelled)).isEqualTo(IntentState.CANCELLED);

            String next = queue.enqueue(NewIntent.of("job", "evt_next", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);
            assertThat(state(next)).isEqualTo(IntentState.COMPLETED);
            assertThat(state(cancelled)).isEqualTo(IntentState.CANCELLED);
            assertThat(store.attempts(cancelled)).extracting(AttemptRecord::attempt, AttemptRecord::outcome, AttemptRecord::error)
                    .as("the cancel logged the attempt it cut off")
                    .containsExactly(tuple(1, AttemptOutcome.ABANDONED, Abandonment.CANCELLED.why()));
            assertThat(pool.isRunning()).isTrue();
        }

        @Test
        void aClaimLostBehindThePoolsBackIsFoundByRenewalAndTheWorkerGoesOn() throws Exception {
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean calledOff = new AtomicBoolean();
            AtomicInteger inHandler = new AtomicInteger();
            AtomicBoolean overlapped = new AtomicBoolean();
            WorkerPool pool = start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                overlapped.compareAndSet(false, inHandler.incrementAndGet() > 1);
                try {
                    if (intent.attempts() == 1) {
                        started.countDown();
                        calledOff.set(awaitCallOff(signal));
                    }
                } finally {
                    inHandler.decrementAndGet();
                }
                return Verdict.completed();
            }), settings(2));

            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            assertThat(store.retryNow(id, systemClock.instant())).as("an operator in another process retries it").isTrue();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

            assertThat(calledOff).isTrue();
            assertThat(overlapped).as("the new claim waited for the attempt whose claim was lost, with a worker free").isFalse();
            assertThat(metrics.attempts("job", AttemptOutcome.FENCED)).isEqualTo(1);
            Intent done = stored(id);
            assertThat(done.state()).isEqualTo(IntentState.COMPLETED);
            assertThat(done.attempts()).isEqualTo(2);
            assertThat(store.attempts(id)).extracting(AttemptRecord::attempt, AttemptRecord::outcome)
                    .as("the attempt whose claim was lost is logged by the retry that took it, the next by its worker")
                    .containsExactly(tuple(1, AttemptOutcome.ABANDONED), tuple(2, AttemptOutcome.SUCCESS));
            assertThat(pool.isRunning()).isTrue();
        }

        @Test
        void aFailedVerdictFailsTheIntentAtOnceWithItsError() throws Exception {
            start(WorkerPool.builder(queue).handler("job", (intent, signal) -> Verdict.failed("payload names no customer")),
                    settings(1));

            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.STOP, 1, WAIT);

            Intent failed = stored(id);
            assertThat(failed.state()).isEqualTo(IntentState.FAILED);
            assertThat(failed.lastError()).contains("payload names no customer");
            assertThat(failed.attempts()).isEqualTo(1);
            assertThat(store.attempts(id)).extracting(AttemptRecord::attempt, AttemptRecord::outcome, AttemptRecord::error)
                    .containsExactly(tuple(1, AttemptOutcome.STOP, "payload names no customer"));
        }

        @Test
        void aThrowingHandlerIsRetriedPerPolicyUntilTheScheduleIsExhausted() throws Exception {
            AtomicInteger runs = new AtomicInteger();
            start(WorkerPool.builder(queue)
                    .handler("job", (intent, signal) -> {
                        runs.incrementAndGet();
                        throw new IllegalStateException("receiver exploded on attempt " + intent.attempts());
                    })
                    .retryPolicy("job", new ScheduleBackoff(List.of(Duration.ZERO, Duration.ZERO))), settings(1));

            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.ERROR, 3, WAIT);

            Intent failed = stored(id);
            assertThat(failed.state()).isEqualTo(IntentState.FAILED);
            assertThat(failed.attempts()).isEqualTo(3);
            assertThat(failed.lastError()).contains("receiver exploded on attempt 3");
            assertThat(runs).hasValue(3);
            assertThat(store.attempts(id)).extracting(AttemptRecord::attempt, AttemptRecord::outcome, AttemptRecord::error)
                    .containsExactly(
                            tuple(1, AttemptOutcome.ERROR, "receiver exploded on attempt 1"),
                            tuple(2, AttemptOutcome.ERROR, "receiver exploded on attempt 2"),
                            tuple(3, AttemptOutcome.ERROR, "receiver exploded on attempt 3"));
        }

        @Test
        void aHandlersReportIsLoggedWithTheOutcomeOfItsAttempt() throws Exception {
            start(WorkerPool.builder(queue)
                    .handler("job", (intent, attempt) -> {
                        if (intent.attempts() == 1) {
                            attempt.report(new AttemptDetail(Optional.of(200), "an earlier report is replaced"));
                            attempt.report(new AttemptDetail(Optional.of(503), "upstream is down"));
                            throw new IllegalStateException("http_5xx: receiver answered 503");
                        }
                        attempt.report(new AttemptDetail(Optional.of(204), ""));
                        return Verdict.completed();
                    })
                    .retryPolicy("job", new ScheduleBackoff(List.of(Duration.ZERO))), settings(1));

            Instant before = systemClock.instant().truncatedTo(ChronoUnit.MILLIS);
            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);
            Instant after = systemClock.instant();

            List<AttemptRecord> log = store.attempts(id);
            assertThat(log).extracting(AttemptRecord::attempt, AttemptRecord::outcome, AttemptRecord::error, AttemptRecord::detail)
                    .containsExactly(
                            tuple(1, AttemptOutcome.ERROR, "http_5xx: receiver answered 503",
                                    new AttemptDetail(Optional.of(503), "upstream is down")),
                            tuple(2, AttemptOutcome.SUCCESS, "", new AttemptDetail(Optional.of(204), "")));
            assertThat(log).allSatisfy(entry -> {
                assertThat(entry.startedAt()).isBetween(before, after);
                assertThat(entry.startedAt().plus(entry.duration())).isBeforeOrEqualTo(after);
            });
            assertThat(log.get(1).startedAt()).isAfterOrEqualTo(log.get(0).startedAt().plus(log.get(0).duration()));
        }

        @Test
        void anAttemptIsLoggedFromTheStartItsHandlerMarkedAfterWaitingForItsOwnReasons() throws Exception {
            AtomicReference<Instant> called = new AtomicReference<>();
            AtomicReference<Instant> marked = new AtomicReference<>();
            start(WorkerPool.builder(queue)
                    .handler("job", (intent, attempt) -> {
                        called.set(systemClock.instant());
                        Await.until("the clock a few milliseconds past the call", WAIT,
                                () -> systemClock.instant().isAfter(called.get().plusMillis(5)));
                        marked.set(systemClock.instant());
                        attempt.startsAt(marked.get());
                        return Verdict.completed();
                    }), settings(1));

            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

            AttemptRecord logged = store.attempts(id).get(0);
            assertThat(logged.startedAt()).as("the marked start, not the call %s", called.get())
                    .isEqualTo(marked.get().truncatedTo(ChronoUnit.MILLIS));
        }

        @Test
        void aSnoozingHandlerRunsAgainLaterWithoutSpendingAnAttemptOrLoggingOne() throws Exception {
            List<Integer> attemptNumbersSeen = new CopyOnWriteArrayList<>();
            AtomicReference<Instant> snoozedUntil = new AtomicReference<>();
            AtomicReference<Instant> resumedAt = new AtomicReference<>();
            start(WorkerPool.builder(queue)
                    .handler("job", (intent, attempt) -> {
                        attemptNumbersSeen.add(intent.attempts());
                        if (snoozedUntil.get() == null) {
                            snoozedUntil.set(systemClock.instant().plusMillis(300).truncatedTo(ChronoUnit.MILLIS));
                            return Verdict.snoozeUntil(snoozedUntil.get());
                        }
                        resumedAt.set(systemClock.instant());
                        return Verdict.completed();
                    })
                    .retryPolicy("job", new ScheduleBackoff(List.of())), settings(1));

            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

            assertThat(attemptNumbersSeen).as("both runs were attempt 1").containsExactly(1, 1);
            assertThat(resumedAt.get()).isAfterOrEqualTo(snoozedUntil.get());
            Intent done = stored(id);
            assertThat(done.state()).isEqualTo(IntentState.COMPLETED);
            assertThat(done.attempts()).isEqualTo(1);
            assertThat(done.lastError()).isEmpty();
            assertThat(store.attempts(id)).extracting(AttemptRecord::attempt, AttemptRecord::outcome)
                    .containsExactly(tuple(1, AttemptOutcome.SUCCESS));
            assertThat(metrics.attempts()).as("a snooze is not an attempt")
                    .extracting(RecordingQueueMetrics.Attempt::outcome).containsExactly(AttemptOutcome.SUCCESS);
        }

        @Test
        void aRetryPolicyTheVerdictNamesDecidesOverTheKindsPolicy() throws Exception {
            Map<String, RetryPolicy> scheduleOfTarget = Map.of(
                    "target-a", new ScheduleBackoff(List.of(Duration.ZERO)),
                    "target-b", new ScheduleBackoff(List.of()));
            start(WorkerPool.builder(queue)
                    .handler("delivery", (intent, attempt) ->
                            Verdict.retry("receiver refused").per(scheduleOfTarget.get(intent.target())))
                    .retryPolicy("delivery", new ScheduleBackoff(List.of(Duration.ofHours(1), Duration.ofHours(1)))),
                    settings(1));

            String retriedOnce = queue.enqueue(NewIntent.of("delivery", "evt_1", "target-a", "p")).id();
            String neverRetried = queue.enqueue(NewIntent.of("delivery", "evt_1", "target-b", "p")).id();
            metrics.awaitAttempts("delivery", AttemptOutcome.ERROR, 3, WAIT);

            assertThat(state(retriedOnce)).isEqualTo(IntentState.FAILED);
            assertThat(state(neverRetried)).isEqualTo(IntentState.FAILED);
            assertThat(stored(retriedOnce).attempts()).isEqualTo(2);
            assertThat(stored(retriedOnce).lastError()).endsWith("(gave up after 2 attempts)");
            assertThat(stored(neverRetried).attempts()).isEqualTo(1);
            assertThat(stored(neverRetried).lastError()).endsWith("(gave up after 1 attempt)");
        }

        @Test
        void aHandlerThatAsksForLaterIsNotRetriedSooner() throws Exception {
            AtomicReference<Instant> askedFor = new AtomicReference<>();
            AtomicReference<Instant> secondStarted = new AtomicReference<>();
            start(WorkerPool.builder(queue)
                    .handler("job", (intent, signal) -> {
                        if (intent.attempts() == 1) {
                            Instant notBefore = systemClock.instant().plusMillis(800).truncatedTo(ChronoUnit.MILLIS);
                            askedFor.set(notBefore);
                            return Verdict.retry("receiver said Retry-After").noSoonerThan(notBefore);
                        }
                        secondStarted.set(systemClock.instant());
                        return Verdict.completed();
                    })
                    .retryPolicy("job", new ScheduleBackoff(List.of(Duration.ZERO))), settings(1));

            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

            assertThat(metrics.attempts("job", AttemptOutcome.ERROR)).isEqualTo(1);
            assertThat(secondStarted.get()).isAfterOrEqualTo(askedFor.get());
            assertThat(stored(id).attempts()).isEqualTo(2);
        }

        @Test
        void anIntentWithNoHandlerIsRetriedAndCountedAsNoHandler() throws Exception {
            start(WorkerPool.builder(queue)
                    .handler("job", (intent, signal) -> Verdict.completed())
                    .retryPolicy("delivery", new ScheduleBackoff(List.of(Duration.ofHours(1)))), settings(1));

            Instant enqueuedAt = systemClock.instant();
            String id = queue.enqueue(NewIntent.of("delivery", "evt_1", "target-a", "p")).id();
            metrics.awaitAttempts("delivery", AttemptOutcome.NO_HANDLER, 1, WAIT);

            Intent waiting = stored(id);
            assertThat(waiting.state()).isEqualTo(IntentState.PENDING);
            assertThat(waiting.attempts()).isEqualTo(1);
            assertThat(waiting.nextAt()).isAfter(enqueuedAt.plus(Duration.ofMinutes(30)));
            assertThat(waiting.lastError()).containsIgnoringCase("no handler");
            assertThat(store.attempts(id)).extracting(AttemptRecord::attempt, AttemptRecord::outcome, AttemptRecord::detail)
                    .containsExactly(tuple(1, AttemptOutcome.NO_HANDLER, AttemptDetail.NONE));
        }

        @Test
        void anEnqueueWakesAnIdlePoolWithoutWaitingForItsPoll() throws Exception {
            FlakyIntentStore watched = new FlakyIntentStore(store);
            IntentQueue watchedQueue = new IntentQueue(watched, systemClock);
            start(WorkerPool.builder(watchedQueue).handler("job", (intent, signal) -> Verdict.completed()),
                    settings(1).withIdlePoll(Duration.ofSeconds(30)));
            Await.until("the pool looked for work once and found none", WAIT, () -> watched.finishedCalls("claim") >= 1);

            String id = watchedQueue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();

            Await.until("the intent completed long before the 30 s poll", Duration.ofSeconds(5),
                    () -> state(id) == IntentState.COMPLETED);
        }

        @Test
        void gracefulShutdownWaitsForARunningHandler() throws Exception {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch mayFinish = new CountDownLatch(1);
            WorkerPool pool = start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                started.countDown();
                if (!mayFinish.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new IllegalStateException("the test never let the attempt finish");
                }
                return Verdict.completed();
            }), settings(1).withShutdownGrace(WAIT));
            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();

            Thread closer = new Thread(pool::close, "closing-pool");
            closer.start();
            Await.until("the pool began to shut down", WAIT, () -> !pool.isRunning());
            assertThat(closer.isAlive()).as("close is still waiting for the handler").isTrue();
            mayFinish.countDown();
            closer.join(WAIT.toMillis());

            assertThat(closer.isAlive()).isFalse();
            assertThat(state(id)).isEqualTo(IntentState.COMPLETED);
            assertThat(metrics.attempts("job", AttemptOutcome.SUCCESS)).isEqualTo(1);
        }

        @Test
        void afterTheGraceARunningClaimIsLeftToExpire() throws Exception {
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean calledOff = new AtomicBoolean();
            PoolSettings settings = settings(1).withShutdownGrace(Duration.ofMillis(200));
            WorkerPool pool = start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                started.countDown();
                calledOff.set(awaitCallOff(signal));
                return Verdict.completed();
            }), settings);
            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            Intent claimed = stored(id);

            pool.close();

            assertThat(calledOff).as("the handler was told to stop").isTrue();
            Intent left = stored(id);
            assertThat(left.state()).isEqualTo(IntentState.RUNNING);
            assertThat(left.claimToken()).isEqualTo(claimed.claimToken());
            assertThat(left.attempts()).isEqualTo(1);
            AtomicReference<Intent> reclaimed = new AtomicReference<>();
            Await.until("the abandoned lease expired and the intent was claimed again", WAIT, () -> {
                store.claim(systemClock.instant(), settings.lease(), 1).stream().findFirst().ifPresent(reclaimed::set);
                return reclaimed.get() != null;
            });
            assertThat(reclaimed.get().id()).isEqualTo(id);
            assertThat(reclaimed.get().attempts()).isEqualTo(2);
            assertThat(reclaimed.get().claimToken()).isNotEqualTo(claimed.claimToken());
        }

        @Test
        void aPauseGivesBackWhatThePoolClaimedAheadAndHadNotBegunWhileTheAttemptUnderWayFinishes() throws Exception {
            CountDownLatch firstStarted = new CountDownLatch(1);
            CountDownLatch mayFinish = new CountDownLatch(1);
            Set<String> ran = ConcurrentHashMap.newKeySet();
            start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                ran.add(intent.eventId());
                if (intent.eventId().equals("evt_first")) {
                    firstStarted.countDown();
                    if (!mayFinish.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                        throw new IllegalStateException("the test never let the attempt finish");
                    }
                }
                return Verdict.completed();
            }), settings(1));
            String first = queue.enqueue(NewIntent.of("job", "evt_first", "target-a", "p")).id();
            assertThat(firstStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            List<String> pausedAhead = queue.enqueueAll(List.of(
                    NewIntent.of("job", "evt_a1", "target-a", "p"),
                    NewIntent.of("job", "evt_a2", "target-a", "p"),
                    NewIntent.of("job", "evt_a3", "target-a", "p"))).stream().map(Enqueued::id).toList();
            String otherTarget = queue.enqueue(NewIntent.of("job", "evt_b1", "target-b", "p")).id();
            Await.until("the pool claimed the four ahead of its one busy worker", WAIT, () -> Stream
                    .concat(pausedAhead.stream(), Stream.of(otherTarget)).allMatch(id -> state(id) == IntentState.RUNNING));

            queue.pause("job", "target-a");
            mayFinish.countDown();

            Await.until("the other target's intent was done", WAIT, () -> state(otherTarget) == IntentState.COMPLETED);
            Await.until("what was claimed ahead went back", WAIT,
                    () -> pausedAhead.stream().allMatch(id -> state(id) == IntentState.PENDING));
            assertThat(state(first)).as("an attempt under way finishes").isEqualTo(IntentState.COMPLETED);
            assertThat(ran).containsExactlyInAnyOrder("evt_first", "evt_b1");
            assertThat(pausedAhead).allSatisfy(id -> assertThat(stored(id).attempts()).as("attempt given back").isZero());

            queue.resume("job", "target-a");
            Await.until("the resume let them run", WAIT,
                    () -> pausedAhead.stream().allMatch(id -> state(id) == IntentState.COMPLETED));
            assertThat(ran).contains("evt_a1", "evt_a2", "evt_a3");
            assertThat(pausedAhead).allSatisfy(id -> assertThat(stored(id).attempts()).isEqualTo(1));
        }

        /**
         * Enough claimed ahead for one pair that the pool stops claiming, then that pair is paused: what it
         * gives back must let the pool claim again, or work another process stores (no wake-up in this one)
         * would wait for ever.
         */
        @Test
        void aPauseThatEmptiesWhatWasClaimedAheadLetsThePoolClaimAgain() throws Exception {
            CountDownLatch firstStarted = new CountDownLatch(1);
            CountDownLatch mayFinish = new CountDownLatch(1);
            start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                if (intent.eventId().equals("evt_first")) {
                    firstStarted.countDown();
                    if (!mayFinish.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                        throw new IllegalStateException("the test never let the attempt finish");
                    }
                }
                return Verdict.completed();
            }), settings(1));
            queue.enqueue(NewIntent.of("job", "evt_first", "target-a", "p"));
            assertThat(firstStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            List<String> claimedAhead = queue.enqueueAll(IntStream.range(0, PoolSettings.DEFAULT_MAX_CLAIM_BATCH - 1)
                    .mapToObj(n -> NewIntent.of("job", "evt_a" + n, "target-a", "p")).toList())
                    .stream().map(Enqueued::id).toList();
            Await.until("the pool claimed them all ahead of its one busy worker", WAIT,
                    () -> claimedAhead.stream().allMatch(id -> state(id) == IntentState.RUNNING));

            queue.pause("job", "target-a");
            mayFinish.countDown();
            String storedElsewhere = queue.store().enqueue(NewIntent.of("job", "evt_b1", "target-b", "p"), queue.clock().instant()).id();

            Await.until("work stored without a wake-up was claimed and done", WAIT,
                    () -> state(storedElsewhere) == IntentState.COMPLETED);
        }

        @Test
        void asynchronousAttemptsWaitManyAtOnceOnOneWorkerUpToTheBoundAndEachOutcomeIsWritten() throws Exception {
            Map<String, CompletableFuture<Verdict>> underWay = new ConcurrentHashMap<>();
            AtomicInteger inFlight = new AtomicInteger();
            AtomicInteger mostInFlight = new AtomicInteger();
            AsyncIntentHandler waitsForTheTest = (intent, attempt) -> {
                mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                CompletableFuture<Verdict> answer = new CompletableFuture<>();
                underWay.put(intent.eventId(), answer);
                return answer.whenComplete((ignored, thrown) -> inFlight.decrementAndGet());
            };
            start(WorkerPool.builder(queue).asyncHandler("job", waitsForTheTest)
                    .retryPolicy("job", new ScheduleBackoff(List.of())), settings(1).withMaxInFlight(3));

            List<String> ids = queue.enqueueAll(IntStream.rangeClosed(1, 5)
                    .mapToObj(n -> NewIntent.of("job", "evt_" + n, "target-a", "p")).toList())
                    .stream().map(Enqueued::id).toList();
            Await.until("three attempts under way on the one worker", WAIT, () -> underWay.size() == 3);
            underWay.get("evt_1").complete(Verdict.completed());
            Await.until("a fourth took the place of the one that ended", WAIT, () -> underWay.size() == 4);
            underWay.get("evt_2").complete(Verdict.failed("payload names no customer"));
            Await.until("the fifth started", WAIT, () -> underWay.size() == 5);
            underWay.get("evt_3").completeExceptionally(new IllegalStateException("receiver exploded"));
            underWay.get("evt_4").complete(Verdict.completed());
            underWay.get("evt_5").complete(Verdict.completed());
            metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 3, WAIT);
            metrics.awaitAttempts("job", AttemptOutcome.STOP, 1, WAIT);
            metrics.awaitAttempts("job", AttemptOutcome.ERROR, 1, WAIT);

            assertThat(mostInFlight).as("attempts under way at once").hasValue(3);
            assertThat(ids).extracting(IntentStoreContract.this::state).containsExactly(IntentState.COMPLETED, IntentState.FAILED,
                    IntentState.FAILED, IntentState.COMPLETED, IntentState.COMPLETED);
            assertThat(stored(ids.get(1)).lastError()).isEqualTo("payload names no customer");
            assertThat(store.attempts(ids.get(2))).extracting(AttemptRecord::outcome, AttemptRecord::error)
                    .containsExactly(tuple(AttemptOutcome.ERROR, "receiver exploded"));
        }

        @Test
        void anAsynchronousAttemptCalledOffHearsOfItAndWhatItEndsWithIsDiscarded() throws Exception {
            CompletableFuture<Verdict> answer = new CompletableFuture<>();
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean heard = new AtomicBoolean();
            WorkerPool pool = start(WorkerPool.builder(queue).asyncHandler("job", (intent, attempt) -> {
                attempt.whenCancelled(() -> heard.set(true));
                started.countDown();
                return answer;
            }), settings(1).withMaxInFlight(4));

            String id = queue.enqueue(NewIntent.of("job", "evt_cancelled", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            assertThat(queue.cancel(id)).isTrue();
            assertThat(heard).as("the cancellation reached the attempt").isTrue();
            answer.complete(Verdict.completed());
            metrics.awaitAttempts("job", AttemptOutcome.FENCED, 1, WAIT);

            assertThat(state(id)).isEqualTo(IntentState.CANCELLED);
            assertThat(store.attempts(id)).extracting(AttemptRecord::outcome).containsExactly(AttemptOutcome.ABANDONED);
            assertThat(pool.isRunning()).isTrue();
        }

        @Test
        void gracefulShutdownWaitsForAnAsynchronousAttemptAndWritesItsOutcome() throws Exception {
            CompletableFuture<Verdict> answer = new CompletableFuture<>();
            CountDownLatch started = new CountDownLatch(1);
            WorkerPool pool = start(WorkerPool.builder(queue).asyncHandler("job", (intent, attempt) -> {
                started.countDown();
                return answer;
            }), settings(1).withMaxInFlight(4).withShutdownGrace(WAIT));
            String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
            assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();

            Thread closer = new Thread(pool::close, "closing-pool");
            closer.start();
            Await.until("the pool began to shut down", WAIT, () -> !pool.isRunning());
            assertThat(closer.isAlive()).as("close is still waiting for the attempt").isTrue();
            answer.complete(Verdict.completed());
            closer.join(WAIT.toMillis());

            assertThat(closer.isAlive()).isFalse();
            assertThat(state(id)).isEqualTo(IntentState.COMPLETED);
            assertThat(metrics.attempts("job", AttemptOutcome.SUCCESS)).isEqualTo(1);
        }

        @Test
        void metricsNeverUseAnUnknownKindAsALabel() throws Exception {
            IntentHandler succeed = (intent, signal) -> Verdict.completed();
            start(WorkerPool.builder(queue).handler("delivery", succeed).handler("tenant-42-import", succeed), settings(2));

            queue.enqueueAll(List.of(
                    NewIntent.of("delivery", "evt_1", "target-a", "p"),
                    NewIntent.of("tenant-42-import", "evt_1", "target-a", "p")));
            metrics.awaitAttempts("delivery", AttemptOutcome.SUCCESS, 1, WAIT);
            metrics.awaitAttempts(KindLabels.OTHER, AttemptOutcome.SUCCESS, 1, WAIT);

            assertThat(metrics.kindLabels()).containsOnly("delivery", KindLabels.OTHER);
        }

        /**
         * A lease short enough that a missed renewal shows within the test, yet with two renewals of slack
         * for a durable store on a busy machine; renewed at a third of it.
         */
        private PoolSettings settings(int workers) {
            return PoolSettings.withWorkers(workers).withLease(Duration.ofMillis(600)).withIdlePoll(Duration.ofMillis(50))
                    .withShutdownGrace(Duration.ofSeconds(5));
        }

        private WorkerPool start(WorkerPool.Builder builder, PoolSettings settings) {
            WorkerPool pool = builder.settings(settings).metrics(metrics).build();
            pools.add(pool);
            pool.start();
            return pool;
        }

        /** Waits, as a well-behaved handler does, for its attempt to be called off; true if it was. */
        private boolean awaitCallOff(AttemptContext signal) {
            try {
                return signal.awaitCancellation(WAIT);
            } catch (InterruptedException interrupted) {
                return signal.isCancelled();
            }
        }
    }

    /**
     * The {@link IntentWrites} a store offers its adapter's other stores, called on the store itself and, through
     * {@link #writeAsAnotherStore}, inside another store's transaction, whose changes the store's listeners hear of.
     */
    @Nested
    class WritesOfOtherStores {
        private final RecordingListener told = new RecordingListener();

        @BeforeEach
        void listen() {
            store.addListener(told);
        }

        @Test
        void retiringCancelsThePairsOpenIntentsAndLeavesEverythingElseAlone() {
            Intent running = claimOne(enqueued("job", "evt_running", "target-a"));
            Intent done = enqueued("job", "evt_done", "target-a");
            assertThat(store.complete(claimOne(done).requireClaim(), clock.instant())).isTrue();
            Intent pending = enqueued("job", "evt_pending", "target-a");
            Intent otherTarget = enqueued("job", "evt_other", "target-b");
            Intent otherKind = enqueued("mail", "evt_other", "target-a");
            clock.advance(Duration.ofSeconds(1));

            assertThat(store.retire("job", "target-a", clock.instant())).isEqualTo(2);

            assertThat(List.of(pending.id(), running.id())).allSatisfy(id -> {
                Intent retired = stored(id);
                assertThat(retired.state()).isEqualTo(IntentState.CANCELLED);
                assertThat(retired.claim()).isEmpty();
                assertThat(retired.updatedAt()).isEqualTo(clock.instant());
            });
            assertThat(state(done.id())).isEqualTo(IntentState.COMPLETED);
            assertThat(state(otherTarget.id())).isEqualTo(IntentState.PENDING);
            assertThat(state(otherKind.id())).isEqualTo(IntentState.PENDING);
            assertThat(told.events()).as("the store's own calls are told by their callers").isEmpty();
        }

        @Test
        void retiringFencesOffARunningClaim() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));

            store.retire("job", "target-a", clock.instant());

            assertEveryWriteIsFenced(claimed.requireClaim());
        }

        @Test
        void retiringLiftsThePairsPauseSoRevivedAndNewWorkIsClaimed() {
            Intent held = enqueued("job", "evt_held", "target-a");
            store.pause("job", "target-a");

            store.retire("job", "target-a", clock.instant());

            assertThat(store.isPaused("job", "target-a")).isFalse();
            assertThat(store.retryNow(held.id(), clock.instant())).isTrue();
            claimOne(held);
            claimOne(enqueued("job", "evt_new", "target-a"));
        }

        @Test
        void retiringAPairWithNoOpenWorkChangesNothing() {
            assertThat(store.retire("job", "target-a", clock.instant())).isZero();
        }

        @Test
        void retryingAllMakesTheSelectedEndedIntentsPendingAndDueNowKeepingTheirAttempts() {
            Intent failedA = enqueued("job", "evt_a", "target-a");
            settle(failedA.id(), IntentState.FAILED);
            Intent failedB = enqueued("job", "evt_b", "target-b");
            settle(failedB.id(), IntentState.FAILED);
            Intent cancelled = enqueued("job", "evt_c", "target-a");
            settle(cancelled.id(), IntentState.CANCELLED);
            Intent otherKind = enqueued("mail", "evt_a", "target-a");
            settle(otherKind.id(), IntentState.FAILED);
            clock.advance(Duration.ofMinutes(5));

            int retried = store.retryAll(new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty()),
                    clock.instant());

            assertThat(retried).isEqualTo(2);
            assertThat(List.of(failedA.id(), failedB.id())).allSatisfy(id -> {
                Intent revived = stored(id);
                assertThat(revived.state()).isEqualTo(IntentState.PENDING);
                assertThat(revived.nextAt()).isEqualTo(clock.instant());
                assertThat(revived.updatedAt()).isEqualTo(clock.instant());
                assertThat(revived.attempts()).isEqualTo(1);
                assertThat(revived.claim()).isEmpty();
            });
            assertThat(state(cancelled.id())).isEqualTo(IntentState.CANCELLED);
            assertThat(state(otherKind.id())).isEqualTo(IntentState.FAILED);
            assertThat(told.events()).isEmpty();
        }

        @Test
        void retryingAllOfOneTargetSinceAnInstantLeavesTheRestAlone() {
            Intent early = enqueued("job", "evt_early", "target-a");
            settle(early.id(), IntentState.CANCELLED);
            Instant since = clock.advance(Duration.ofSeconds(10));
            Intent late = enqueued("job", "evt_late", "target-a");
            settle(late.id(), IntentState.CANCELLED);
            Intent elsewhere = enqueued("job", "evt_late", "target-b");
            settle(elsewhere.id(), IntentState.CANCELLED);

            int retried = store.retryAll(new IntentSelection("job", IntentState.CANCELLED, Optional.of("target-a"),
                    Optional.of(since)), clock.instant());

            assertThat(retried).isEqualTo(1);
            assertThat(state(late.id())).isEqualTo(IntentState.PENDING);
            assertThat(state(early.id())).isEqualTo(IntentState.CANCELLED);
            assertThat(state(elsewhere.id())).isEqualTo(IntentState.CANCELLED);
        }

        @Test
        void retryingAllWithinATimeRangeLeavesWhatEndedOutsideItAlone() {
            Intent before = enqueued("job", "evt_before", "target-a");
            settle(before.id(), IntentState.FAILED);
            Instant since = clock.advance(Duration.ofSeconds(10));
            Intent within = enqueued("job", "evt_within", "target-a");
            settle(within.id(), IntentState.FAILED);
            Instant until = clock.advance(Duration.ofSeconds(10));
            Intent after = enqueued("job", "evt_after", "target-a");
            settle(after.id(), IntentState.FAILED);

            int retried = store.retryAll(new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.of(since),
                    Optional.of(until)), clock.instant());

            assertThat(retried).isEqualTo(1);
            assertThat(state(within.id())).isEqualTo(IntentState.PENDING);
            assertThat(state(before.id())).isEqualTo(IntentState.FAILED);
            assertThat(state(after.id())).isEqualTo(IntentState.FAILED);
        }

        @Test
        void aNamespaceSelectsTheTargetsNamedUnderItAndTheEmptyOneThoseWithoutASlash() {
            Intent bare = enqueued("job", "evt_bare", "target-a");
            settle(bare.id(), IntentState.FAILED);
            Intent acme = enqueued("job", "evt_acme", "acme/target-a");
            settle(acme.id(), IntentState.FAILED);
            Intent acmeCorp = enqueued("job", "evt_acme_corp", "acme-corp/target-a");
            settle(acmeCorp.id(), IntentState.FAILED);

            assertThat(store.countSelected(inNamespace(""), 100)).isEqualTo(1);
            assertThat(store.retryAll(inNamespace("acme"), clock.instant())).isEqualTo(1);

            assertThat(state(acme.id())).isEqualTo(IntentState.PENDING);
            assertThat(state(bare.id())).isEqualTo(IntentState.FAILED);
            assertThat(state(acmeCorp.id())).isEqualTo(IntentState.FAILED);
        }

        private IntentSelection inNamespace(String namespace) {
            return new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.of(namespace));
        }

        @Test
        void countingASelectionCountsWhatRetryingAllWouldRetryAndNoFurtherThanAsked() {
            for (int i = 0; i < 5; i++) {
                settle(enqueued("job", "evt_" + i, "target-a").id(), IntentState.FAILED);
            }
            settle(enqueued("job", "evt_b", "target-b").id(), IntentState.FAILED);
            settle(enqueued("job", "evt_c", "target-a").id(), IntentState.CANCELLED);
            IntentSelection targetA = new IntentSelection("job", IntentState.FAILED, Optional.of("target-a"), Optional.empty());

            assertThat(store.countSelected(targetA, 100)).isEqualTo(5);
            assertThat(store.countSelected(targetA, 3)).isEqualTo(3);
            assertThat(store.countSelected(new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty(),
                    Optional.of(clock.instant())), 100)).isZero();
            assertThat(store.retryAll(targetA, clock.instant())).isEqualTo(5);
            assertThat(store.countSelected(targetA, 100)).isZero();
        }

        @Test
        void pendingWorkIsCountedByTargetNoFurtherThanAsked() {
            for (int i = 0; i < 3; i++) {
                enqueued("job", "evt_a" + i, "target-a");
            }
            enqueued("job", "evt_b", "target-b");
            settle(enqueued("job", "evt_c", "target-c").id(), IntentState.FAILED);
            enqueued("mail", "evt_m", "target-a");

            assertThat(store.countPendingByTarget("job", 100)).containsExactlyInAnyOrderEntriesOf(
                    Map.of("target-a", 3L, "target-b", 1L));
            assertThat(store.countPendingByTarget("job", 2).values().stream().mapToLong(Long::longValue).sum()).isEqualTo(2);
            assertThat(store.countPendingByTarget("none", 100)).isEmpty();
        }

        @Test
        void workRetriedInBulkWhileItsPairIsPausedWaitsForTheResume() {
            Intent failed = enqueued("job", "evt_1", "target-a");
            settle(failed.id(), IntentState.FAILED);
            store.pause("job", "target-a");

            store.retryAll(new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty()), clock.instant());

            assertThat(state(failed.id())).isEqualTo(IntentState.PENDING);
            assertThat(store.claim(clock.instant(), LEASE, 10)).isEmpty();
            store.resume("job", "target-a");
            claimOne(failed);
        }

        @Test
        void deletingEndedIntentsDeletesOnlyThoseThatStillAreAndTheirLogs() {
            Intent old = enqueued("job", "evt_old", "target-a");
            Intent claimed = claimOne(old);
            assertThat(store.settle(claimed.requireClaim(), new Settlement.Complete(),
                    Optional.of(logEntry(claimed, AttemptOutcome.SUCCESS, "")), clock.instant())).isTrue();
            Intent failed = enqueued("job", "evt_failed", "target-a");
            settle(failed.id(), IntentState.FAILED);
            Intent otherKind = enqueued("mail", "evt_old", "target-a");
            settle(otherKind.id(), IntentState.CANCELLED);
            Instant endedBefore = clock.advance(Duration.ofSeconds(1));
            Intent recent = enqueued("job", "evt_recent", "target-a");
            settle(recent.id(), IntentState.CANCELLED);
            Intent open = enqueued("job", "evt_open", "target-a");
            List<String> ids = List.of(old.id(), failed.id(), otherKind.id(), recent.id(), open.id(), "no-such-intent");

            int deleted = store.deleteEnded(new EndedIntents("job", Set.of(IntentState.COMPLETED, IntentState.CANCELLED),
                    endedBefore), ids);

            assertThat(deleted).isEqualTo(1);
            assertThat(store.find(old.id())).isEmpty();
            assertThat(store.attempts(old.id())).isEmpty();
            assertThat(List.of(failed.id(), otherKind.id(), recent.id(), open.id())).allSatisfy(id ->
                    assertThat(store.find(id)).isPresent());
            assertThat(store.enqueue(NewIntent.of("job", "evt_old", "target-a", "again"), clock.instant()))
                    .as("a deleted intent's work is new work again").isEqualTo(new Enqueued(old.id(), false));
        }

        @Test
        void deletingInANamespaceTakesItsIntentsInEveryStateWithTheirLogsAndNothingOfAnother() {
            Intent completed = enqueued("job", "evt_1", "acme/target-a");
            Intent claimed = claimOne(completed);
            store.settle(claimed.requireClaim(), new Settlement.Complete(), Optional.of(logEntry(claimed, AttemptOutcome.SUCCESS, "")),
                    clock.instant());
            Intent pending = enqueued("job", "evt_2", "acme/target-a");
            Intent sameTargetElsewhere = enqueued("job", "evt_2", "acme-corp/target-a");
            Intent bare = enqueued("job", "evt_2", "target-a");
            Intent otherKind = enqueued("mail", "evt_2", "acme/target-a");
            List<String> ids = List.of(completed.id(), pending.id(), sameTargetElsewhere.id(), bare.id(), otherKind.id(),
                    "no-such-intent");

            int deleted = store.deleteInNamespace("job", "acme", ids);

            assertThat(deleted).isEqualTo(2);
            assertThat(store.find(completed.id())).isEmpty();
            assertThat(store.attempts(completed.id())).isEmpty();
            assertThat(store.find(pending.id())).isEmpty();
            assertThat(List.of(sameTargetElsewhere.id(), bare.id(), otherKind.id())).allSatisfy(id ->
                    assertThat(store.find(id)).isPresent());
            assertThat(store.deleteInNamespace("job", "", ids)).as("the empty namespace: targets without a slash").isEqualTo(1);
            assertThat(store.find(bare.id())).isEmpty();
        }

        @Test
        void deletingInANamespaceInAnotherStoresTransactionFencesRunningClaimsAndTellsTheirHolders() {
            Intent running = claimOne(enqueued("job", "evt_1", "acme/target-a"));

            int deleted = writeAsAnotherStore(writes -> writes.deleteInNamespace("job", "acme", List.of(running.id())));

            assertThat(deleted).isEqualTo(1);
            assertThat(told.events()).containsExactly("revoked " + running.requireClaim());
            assertThat(store.complete(running.requireClaim(), clock.instant())).isFalse();
            assertThat(store.find(running.id())).isEmpty();
        }

        @Test
        void liftingANamespacesPausesLeavesOtherNamespacesAndKindsPaused() {
            store.pause("job", "acme/target-a");
            store.pause("job", "acme/target-b");
            store.pause("job", "acme-corp/target-a");
            store.pause("job", "target-a");
            store.pause("mail", "acme/target-a");

            int lifted = writeAsAnotherStore(writes -> writes.liftPauses("job", "acme"));

            assertThat(lifted).isEqualTo(2);
            assertThat(store.isPaused("job", "acme/target-a")).isFalse();
            assertThat(store.isPaused("job", "acme/target-b")).isFalse();
            assertThat(store.isPaused("job", "acme-corp/target-a")).isTrue();
            assertThat(store.isPaused("job", "target-a")).isTrue();
            assertThat(store.isPaused("mail", "acme/target-a")).isTrue();
        }

        @Test
        void anEnqueueInAnotherStoresTransactionTellsOfWorkOnceItCommitted() {
            List<Enqueued> results = writeAsAnotherStore(writes -> writes.enqueueAll(List.of(
                    NewIntent.of("job", "evt_1", "target-a", "p"), NewIntent.of("job", "evt_2", "target-a", "p")),
                    clock.instant()));

            assertThat(results).extracting(Enqueued::duplicate).containsExactly(false, false);
            assertThat(told.events()).containsExactly("work available");
        }

        @Test
        void anEnqueueOfDuplicatesOnlyInAnotherStoresTransactionTellsNothing() {
            enqueued("job", "evt_1", "target-a");

            writeAsAnotherStore(writes -> writes.enqueueAll(List.of(NewIntent.of("job", "evt_1", "target-a", "p")),
                    clock.instant()));

            assertThat(told.events()).isEmpty();
        }

        @Test
        void retiringInAnotherStoresTransactionTellsTheHolderOfEachRunningClaimWhichIsThenFenced() {
            enqueued("job", "evt_1", "target-a");
            enqueued("job", "evt_2", "target-a");
            Intent elsewhere = enqueued("job", "evt_3", "target-b");
            List<Intent> claimed = store.claim(clock.instant(), LEASE, 3);
            assertThat(claimed).hasSize(3);
            List<ClaimRef> claims = claimed.stream().filter(intent -> intent.target().equals("target-a"))
                    .map(Intent::requireClaim).toList();
            enqueued("job", "evt_4", "target-a");

            int retired = writeAsAnotherStore(writes -> writes.retire("job", "target-a", clock.instant()));

            assertThat(retired).isEqualTo(3);
            assertThat(told.events()).containsExactlyInAnyOrderElementsOf(
                    claims.stream().map(claim -> "revoked " + claim).toList());
            claims.forEach(claim -> assertThat(store.complete(claim, clock.instant())).isFalse());
            assertThat(store.complete(stored(elsewhere.id()).requireClaim(), clock.instant())).isTrue();
        }

        @Test
        void aBulkRetryInAnotherStoresTransactionTellsOfWorkOnlyWhenItRevivedSome() {
            IntentSelection failed = new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty());
            writeAsAnotherStore(writes -> writes.retryAll(failed, clock.instant()));
            assertThat(told.events()).isEmpty();

            settle(enqueued("job", "evt_1", "target-a").id(), IntentState.FAILED);
            writeAsAnotherStore(writes -> writes.retryAll(failed, clock.instant()));

            assertThat(told.events()).containsExactly("work available");
        }

        @Test
        void deletingEndedIntentsInAnotherStoresTransactionTellsNothing() {
            Intent cancelled = enqueued("job", "evt_1", "target-a");
            settle(cancelled.id(), IntentState.CANCELLED);
            Instant endedBefore = clock.advance(Duration.ofSeconds(1));

            int deleted = writeAsAnotherStore(writes -> writes.deleteEnded(
                    new EndedIntents("job", Set.of(IntentState.CANCELLED), endedBefore), List.of(cancelled.id())));

            assertThat(deleted).isEqualTo(1);
            assertThat(told.events()).isEmpty();
        }

        @Test
        void aTransactionThatFailsKeepsNothingAndTellsNothing() {
            Intent claimed = claimOne(enqueued("job", "evt_1", "target-a"));
            NewIntent added = NewIntent.of("job", "evt_2", "target-b", "p");

            assertThatThrownBy(() -> writeAsAnotherStore(writes -> {
                writes.enqueueAll(List.of(added), clock.instant());
                writes.retire("job", "target-a", clock.instant());
                throw new IllegalStateException("the other store's own statement failed");
            })).hasMessageContaining("own statement failed");

            assertThat(store.find(added.id())).isEmpty();
            assertThat(stored(claimed.id()).claim()).contains(claimed.requireClaim());
            assertThat(told.events()).isEmpty();
        }

        @Test
        void aQueuesPoolsHearOfWorkEnqueuedAndRetiredByAnotherStore() throws Exception {
            FlakyIntentStore counted = new FlakyIntentStore(store);
            IntentQueue queue = new IntentQueue(counted, Clock.systemUTC());
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean calledOff = new AtomicBoolean();
            RecordingQueueMetrics metrics = new RecordingQueueMetrics();
            // Neither a poll nor a renewal comes within the test: only being told makes the pool act.
            PoolSettings settings = PoolSettings.withWorkers(1).withLease(Duration.ofMinutes(3))
                    .withIdlePoll(Duration.ofMinutes(1)).withShutdownGrace(Duration.ofSeconds(5));
            try (WorkerPool pool = WorkerPool.builder(queue).handler("job", (intent, signal) -> {
                started.countDown();
                try {
                    calledOff.set(signal.awaitCancellation(WAIT));
                } catch (InterruptedException interrupted) {
                    calledOff.set(signal.isCancelled());
                }
                return Verdict.completed();
            }).settings(settings).metrics(metrics).build()) {
                pool.start();
                Await.until("the pool found nothing to do", WAIT, () -> counted.finishedCalls("claim") > 0);

                String id = writeAsAnotherStore(writes -> writes.enqueueAll(
                        List.of(NewIntent.of("job", "evt_1", "target-a", "p")), queue.clock().instant())).get(0).id();
                assertThat(started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).as("the pool was woken").isTrue();
                writeAsAnotherStore(writes -> writes.retire("job", "target-a", queue.clock().instant()));
                metrics.awaitAttempts("job", AttemptOutcome.FENCED, 1, WAIT);
                Await.until("the attempt was called off", WAIT, calledOff::get);

                assertThat(state(id)).isEqualTo(IntentState.CANCELLED);
                assertThat(store.attempts(id)).extracting(AttemptRecord::outcome, AttemptRecord::error)
                        .containsExactly(tuple(AttemptOutcome.ABANDONED, Abandonment.CANCELLED.why()));
            }
        }
    }

    /** What a store told its listeners, in order, as text. */
    private static final class RecordingListener implements QueueListener {
        private final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void workAvailable() {
            events.add("work available");
        }

        @Override
        public void claimRevoked(ClaimRef revoked) {
            events.add("revoked " + revoked);
        }

        @Override
        public void paused(String kind, String target) {
            events.add("paused " + kind + "/" + target);
        }

        List<String> events() {
            return List.copyOf(events);
        }
    }

    protected Intent stored(String id) {
        return store.find(id).orElseThrow(() -> new AssertionError("no intent " + id + " in the store"));
    }

    protected IntentState state(String id) {
        return stored(id).state();
    }

    protected Intent enqueued(String kind, String eventId, String target) {
        return enqueued(NewIntent.of(kind, eventId, target, "payload of " + eventId));
    }

    protected Intent enqueued(NewIntent intent) {
        Enqueued result = store.enqueue(intent, clock.instant());
        assertThat(result.duplicate()).as("a fresh enqueue").isFalse();
        return stored(result.id());
    }

    /** Claims at the clock's time and expects exactly one intent to be due. */
    protected Intent claimOne() {
        List<Intent> claimed = store.claim(clock.instant(), LEASE, 1);
        assertThat(claimed).as("intents claimed").hasSize(1);
        return claimed.get(0);
    }

    protected Intent claimOne(Intent expected) {
        Intent claimed = claimOne();
        assertThat(claimed.id()).isEqualTo(expected.id());
        return claimed;
    }

    private static NewIntent explicit(String id, String kind, String eventId, String target) {
        return new NewIntent(id, kind, eventId, target, "payload of " + id, Optional.empty());
    }

    /** Brings a fresh pending intent to a terminal state the way it gets there in life. */
    private void settle(String id, IntentState terminal) {
        switch (terminal) {
            case COMPLETED -> assertThat(store.complete(claimOne().requireClaim(), clock.instant())).isTrue();
            case FAILED -> assertThat(store.fail(claimOne().requireClaim(), "handler said stop", clock.instant())).isTrue();
            case CANCELLED -> assertThat(store.cancel(id, clock.instant())).isTrue();
            default -> throw new IllegalArgumentException("not a terminal state: " + terminal);
        }
        assertThat(state(id)).isEqualTo(terminal);
    }

    /** An entry for the attempt {@code claimed} is making, started at the clock's time. */
    private AttemptRecord logEntry(Intent claimed, AttemptOutcome outcome, String error) {
        return new AttemptRecord(claimed.attempts(), clock.instant(), Duration.ofMillis(40), outcome, error,
                new AttemptDetail(Optional.of(200), "ok"));
    }

    /** Every write a worker makes under a claim, as it would make it at the clock's time. */
    private Map<String, Predicate<ClaimRef>> fencedWrites() {
        Instant now = clock.instant();
        Map<String, Predicate<ClaimRef>> writes = new LinkedHashMap<>();
        writes.put("renew", claim -> store.renew(claim, now, LEASE));
        writes.put("renewAll", claim -> !store.renewAll(List.of(claim), now, LEASE).contains(claim));
        writes.put("settleAsync", claim -> store.settleAsync(claim, new Settlement.Complete(), Optional.empty(), now).join());
        writes.put("complete", claim -> store.complete(claim, now));
        writes.put("retry", claim -> store.retry(claim, now.plusSeconds(5), "retry under a stale claim", now));
        writes.put("fail", claim -> store.fail(claim, "fail under a stale claim", now));
        writes.put("snooze", claim -> store.settle(claim, new Settlement.Snooze(now.plusSeconds(5)), Optional.empty(), now));
        writes.put("settle with a log entry", claim -> store.settle(claim, new Settlement.Complete(), Optional.of(
                new AttemptRecord(99, now, Duration.ZERO, AttemptOutcome.SUCCESS, "", AttemptDetail.NONE)), now));
        return writes;
    }

    /** Each write under {@code claim} must answer false and leave the intent exactly as it was. */
    private void assertEveryWriteIsFenced(ClaimRef claim) {
        Intent before = stored(claim.intentId());
        List<AttemptRecord> logBefore = store.attempts(claim.intentId());
        fencedWrites().forEach((name, write) -> {
            assertThat(write.test(claim)).as("%s under a claim that is not current", name).isFalse();
            assertThat(stored(claim.intentId())).as("the intent after a refused %s", name).isEqualTo(before);
            assertThat(store.attempts(claim.intentId())).as("the log after a refused %s", name).isEqualTo(logBefore);
        });
    }

    /** Pending counts without the kinds a store reports as zero, which it may or may not list. */
    private Map<String, Long> pendingCounts() {
        return store.countPendingByKind().entrySet().stream()
                .filter(entry -> entry.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    /**
     * Several pools and bare claimers on one store at once, as nodes sharing one database are. Leases are far
     * longer than the test, so no claim expires: an intent handed to two claimers would run twice.
     */
    @Nested
    class ConcurrentClaimers {
        private static final int INTENTS = 2_000;
        private static final int TARGETS = 7;
        private static final Duration LONG_LEASE = Duration.ofMinutes(10);
        /** Generous: many durable writes on a shared, busy machine; a liveness bound, not a speed target. */
        private static final Duration DRAIN = Duration.ofSeconds(60);
        private static final Duration IDLE = Duration.ofMillis(5);

        private final Clock systemClock = Clock.systemUTC();
        private final RecordingQueueMetrics metrics = new RecordingQueueMetrics();
        private final List<WorkerPool> pools = new ArrayList<>();
        private final ExecutorService claimers = Executors.newCachedThreadPool();
        private final AtomicBoolean stopClaiming = new AtomicBoolean();

        @AfterEach
        void stopEveryClaimer() {
            stopClaiming.set(true);
            claimers.shutdownNow();
            pools.forEach(WorkerPool::close);
        }

        @Test
        void poolsAndBareClaimersOnOneStoreCompleteEveryIntentExactlyOnce() throws Exception {
            Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
            IntentHandler recordRun = (intent, signal) -> {
                runs.computeIfAbsent(intent.id(), id -> new AtomicInteger()).incrementAndGet();
                return Verdict.completed();
            };
            for (int i = 0; i < 3; i++) {
                IntentQueue node = new IntentQueue(store, systemClock);
                WorkerPool pool = WorkerPool.builder(node).handler("job", recordRun).settings(poolSettings())
                        .metrics(metrics).build();
                pools.add(pool);
                pool.start();
            }
            AtomicInteger settledByHand = new AtomicInteger();
            List<Future<?>> bare = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                bare.add(claimers.submit(() -> claimAndCompleteUntilStopped(runs, settledByHand)));
            }

            Set<String> ids = enqueueJobs();
            Await.until("every intent ran to completion, or a bare claimer failed", DRAIN,
                    () -> metrics.attempts("job", AttemptOutcome.SUCCESS) + settledByHand.get() >= INTENTS
                            || bare.stream().anyMatch(Future::isDone));
            stopClaiming.set(true);
            for (Future<?> claimer : bare) {
                claimer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }

            assertThat(runs.keySet()).as("no intent lost").isEqualTo(ids);
            assertThat(runs.entrySet()).as("no intent ran twice").filteredOn(run -> run.getValue().get() != 1).isEmpty();
            assertThat(metrics.attempts("job", AttemptOutcome.SUCCESS) + settledByHand.get()).isEqualTo(INTENTS);
            assertThat(metrics.attempts(AttemptOutcome.FENCED)).isZero();
            assertThat(ids.stream().map(IntentStoreContract.this::stored))
                    .filteredOn(intent -> intent.state() != IntentState.COMPLETED || intent.attempts() != 1)
                    .as("intents not completed on their first attempt").isEmpty();
            assertThat(pendingCounts()).isEmpty();
            assertThat(store.claim(systemClock.instant().plus(LONG_LEASE), LONG_LEASE, 1))
                    .as("nothing is left running, even once every lease has ended").isEmpty();
            assertThat(pools).allSatisfy(pool -> assertThat(pool.isRunning()).isTrue());
        }

        @Test
        void claimersRacingForTheSameDueWorkEachGetADifferentShare() throws Exception {
            Set<String> ids = enqueueJobs();
            Instant now = systemClock.instant();
            CountDownLatch go = new CountDownLatch(1);
            List<Future<List<String>>> shares = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                shares.add(claimers.submit(() -> {
                    go.await();
                    List<String> share = new ArrayList<>();
                    List<Intent> batch;
                    do {
                        batch = claimRetryingTransientErrors(now, 25);
                        batch.forEach(intent -> share.add(intent.id()));
                    } while (!batch.isEmpty() && !stopClaiming.get());
                    return share;
                }));
            }
            go.countDown();

            List<String> claimed = new ArrayList<>();
            for (Future<List<String>> share : shares) {
                claimed.addAll(share.get(DRAIN.toMillis(), TimeUnit.MILLISECONDS));
            }
            assertThat(claimed).as("each intent claimed once").doesNotHaveDuplicates();
            assertThat(Set.copyOf(claimed)).as("every due intent claimed").isEqualTo(ids);
            assertThat(ids.stream().map(IntentStoreContract.this::stored))
                    .allSatisfy(intent -> assertThat(intent.attempts()).isEqualTo(1));
        }

        @Test
        void fifoLanesRunOneAtATimeInEachProducersOrderWhileProducersAndPoolsRace() throws Exception {
            int lanes = 4;
            int producers = 3;
            int perProducer = 40;
            Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
            Map<String, List<String>> runs = new ConcurrentHashMap<>();
            AtomicInteger overlaps = new AtomicInteger();
            IntentHandler run = (intent, signal) -> {
                AtomicInteger running = inFlight.computeIfAbsent(intent.target(), lane -> new AtomicInteger());
                if (running.incrementAndGet() > 1) {
                    overlaps.incrementAndGet();
                }
                runs.computeIfAbsent(intent.target(), lane -> new CopyOnWriteArrayList<>()).add(intent.payload());
                // Held a moment, so that a second head of the lane, if the store let one be claimed, would overlap it.
                Thread.sleep(1);
                running.decrementAndGet();
                return Verdict.completed();
            };
            for (int i = 0; i < 3; i++) {
                WorkerPool pool = WorkerPool.builder(new IntentQueue(store, systemClock)).handler("job", run)
                        .settings(poolSettings()).metrics(metrics).build();
                pools.add(pool);
                pool.start();
            }
            List<Future<?>> producing = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                int producer = p;
                producing.add(claimers.submit(() -> {
                    for (int i = 0; i < perProducer; i++) {
                        int index = i;
                        List<NewIntent> batch = IntStream.range(0, lanes)
                                .mapToObj(lane -> NewIntent.of("job", "evt_" + producer + "_" + index, "lane-" + lane,
                                        producer + ":" + index).inFifo("lane-" + lane))
                                .toList();
                        enqueueRetryingTransientErrors(batch);
                    }
                    return null;
                }));
            }
            for (Future<?> producer : producing) {
                producer.get(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
            }
            int total = lanes * producers * perProducer;
            Await.until("every intent ran", DRAIN, () -> metrics.attempts("job", AttemptOutcome.SUCCESS) >= total);

            assertThat(overlaps.get()).as("runs of one lane that overlapped").isZero();
            assertThat(runs).hasSize(lanes).allSatisfy((lane, order) -> {
                assertThat(order).hasSize(producers * perProducer).doesNotHaveDuplicates();
                for (int p = 0; p < producers; p++) {
                    String prefix = p + ":";
                    assertThat(order.stream().filter(payload -> payload.startsWith(prefix))
                            .map(payload -> Integer.parseInt(payload.substring(prefix.length()))).toList())
                            .as("producer %d's intents in %s", p, lane).isSorted();
                }
            });
            assertThat(metrics.attempts("job", AttemptOutcome.SUCCESS)).isEqualTo(total);
        }

        private void enqueueRetryingTransientErrors(List<NewIntent> batch) throws InterruptedException {
            while (true) {
                try {
                    store.enqueueAll(batch, systemClock.instant());
                    return;
                } catch (TransientStoreException busy) {
                    Thread.sleep(IDLE.toMillis());
                }
            }
        }

        /** Enqueued due now on the system clock, in transactions of a few hundred as a busy ingest makes. */
        private Set<String> enqueueJobs() {
            List<NewIntent> jobs = IntStream.range(0, INTENTS)
                    .mapToObj(i -> NewIntent.of("job", "evt_" + i, "target-" + i % TARGETS, "p"))
                    .toList();
            Set<String> ids = new HashSet<>();
            for (int from = 0; from < INTENTS; from += 250) {
                store.enqueueAll(jobs.subList(from, Math.min(from + 250, INTENTS)), systemClock.instant())
                        .forEach(enqueued -> ids.add(enqueued.id()));
            }
            assertThat(ids).hasSize(INTENTS);
            return ids;
        }

        /** What a node without a pool does: claims a few, runs them, completes each under its fence. */
        private Void claimAndCompleteUntilStopped(Map<String, AtomicInteger> runs, AtomicInteger settled)
                throws InterruptedException {
            while (!stopClaiming.get()) {
                List<Intent> batch = claimRetryingTransientErrors(systemClock.instant(), 8);
                if (batch.isEmpty()) {
                    Thread.sleep(IDLE.toMillis());
                }
                for (Intent intent : batch) {
                    runs.computeIfAbsent(intent.id(), id -> new AtomicInteger()).incrementAndGet();
                    while (true) {
                        try {
                            assertThat(store.complete(intent.requireClaim(), systemClock.instant()))
                                    .as("the claim on %s is still ours", intent.id()).isTrue();
                            break;
                        } catch (TransientStoreException busy) {
                            Thread.sleep(IDLE.toMillis());
                        }
                    }
                    settled.incrementAndGet();
                }
            }
            return null;
        }

        private List<Intent> claimRetryingTransientErrors(Instant now, int max) throws InterruptedException {
            while (true) {
                try {
                    return store.claim(now, LONG_LEASE, max);
                } catch (TransientStoreException busy) {
                    Thread.sleep(IDLE.toMillis());
                }
            }
        }

        /** Four workers each, taking small batches so the pools compete for every claim. */
        private PoolSettings poolSettings() {
            return new PoolSettings(4, 4, LONG_LEASE, LONG_LEASE.dividedBy(3), IDLE.multipliedBy(2), Duration.ofSeconds(5), 8,
                    Duration.ZERO);
        }
    }
}
