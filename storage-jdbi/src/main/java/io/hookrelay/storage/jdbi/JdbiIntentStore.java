package io.hookrelay.storage.jdbi;

import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.FairShare;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What the SQL intent stores share: the reads, each answered by its database's {@link IntentQueries}, the
 * order of a claimed batch and the checks every call makes. How intents are written (through SQLite's single
 * writer, or by any number of processes on PostgreSQL) is each adapter's own.
 */
public abstract class JdbiIntentStore implements IntentStore {
    /** {@code RETURNING} promises no order, so a claimed batch is put back in DESIGN's claim order here. */
    private static final Comparator<Intent> CLAIM_ORDER = Comparator.comparing(Intent::nextAt)
            .thenComparing(Intent::createdAt)
            .thenComparing(Intent::id);

    /** The most namespaces of pending work a claim looks through for those with due work. */
    private static final int NAMESPACES_LOOKED_AT = 4_096;

    private final FairShare fairShare = new FairShare();
    private final DaoRunner reads;
    private final Class<? extends IntentQueries> queries;

    /** @param queries the adapter's SQL object for {@link IntentQueries} */
    protected JdbiIntentStore(DaoRunner reads, Class<? extends IntentQueries> queries) {
        this.reads = Objects.requireNonNull(reads, "reads");
        this.queries = Objects.requireNonNull(queries, "queries");
    }

    @Override
    public final List<Intent> claim(Instant now, Duration lease, int max) {
        requirePositive(lease);
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        long at = now.toEpochMilli();
        List<Intent> claimed = new ArrayList<>(claimDue(at, Math.addExact(at, lease.toMillis()), max));
        claimed.sort(CLAIM_ORDER);
        return claimed;
    }

    /**
     * Claims up to {@code max} due intents, leased until {@code until}, in one atomic statement (DESIGN §2); in
     * any order.
     */
    protected abstract List<Intent> claimDue(long now, long until, int max);

    /**
     * How a claim of {@code max} is shared out ({@link FairShare}), if it is: the namespaces with due work are looked
     * for only when {@code moreDueThanMax} says more is due than the claim takes.
     *
     * @param dueNamespaces the namespaces with due work, ascending, looking through at most the number given
     */
    protected final Optional<FairShare.Turn> turnOf(int max, BooleanSupplier moreDueThanMax, IntFunction<List<String>> dueNamespaces) {
        return moreDueThanMax.getAsBoolean() ? fairShare.turn(dueNamespaces.apply(NAMESPACES_LOOKED_AT), max) : Optional.empty();
    }

    @Override
    public final boolean renew(ClaimRef claim, Instant now, Duration lease) {
        return !renewAll(List.of(Objects.requireNonNull(claim, "claim")), now, lease).contains(claim);
    }

    @Override
    public final boolean isPaused(String kind, String target) {
        requirePair(kind, target);
        return read("is paused", dao -> dao.isPaused(kind, target));
    }

    @Override
    public final Optional<Intent> find(String id) {
        Objects.requireNonNull(id, "id");
        return read("find", dao -> dao.find(id));
    }

    @Override
    public final List<AttemptRecord> attempts(String intentId) {
        Objects.requireNonNull(intentId, "intentId");
        return read("attempts", dao -> dao.attempts(intentId));
    }

    @Override
    public final int countSelected(IntentSelection selection, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return read("count selected", dao -> dao.countSelected(selection.kind(), selection.state().wireName(),
                selection.target().orElse(null), selection.namespace().orElse(null), changedSince(selection), changedBefore(selection),
                atMost));
    }

    @Override
    public final Map<String, Long> countPendingByTarget(String kind, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return read("count pending by target", dao -> dao.countPendingByTarget(kind, atMost));
    }

    @Override
    public final Optional<Intent> fifoHead(String fifoKey) {
        Objects.requireNonNull(fifoKey, "fifoKey");
        return read("fifo head", dao -> dao.fifoHead(fifoKey));
    }

    @Override
    public final List<Intent> failingFifoHeads(String kind, int atMost) {
        Objects.requireNonNull(kind, "kind");
        IntentStore.requireCountLimit(atMost);
        return read("failing fifo heads", dao -> dao.failingFifoHeads(kind, atMost));
    }

    @Override
    public final Map<String, Long> countPendingByKind() {
        return read("count pending", IntentQueries::countPendingByKind);
    }

    /** The start of the selection's window of changes, in epoch milliseconds; none is before every change. */
    public static long changedSince(IntentSelection selection) {
        return selection.changedSince().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
    }

    /** The end of the selection's window of changes, in epoch milliseconds, not included; none is after every change. */
    public static long changedBefore(IntentSelection selection) {
        return selection.changedBefore().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
    }

    protected static void requirePositive(Duration lease) {
        if (lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("lease must be positive: " + lease);
        }
    }

    protected static void requirePair(String kind, String target) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
    }

    private <T> T read(String operation, Function<IntentQueries, T> query) {
        return reads.read(operation, daos -> query.apply(daos.attach(queries)));
    }
}
