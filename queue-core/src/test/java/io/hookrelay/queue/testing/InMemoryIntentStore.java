package io.hookrelay.queue.testing;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.FairShare;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.QueueNotices;
import io.hookrelay.queue.Settlement;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An {@link IntentStore} in memory, for tests that exercise workers without a database. It keeps every
 * rule a durable store keeps, including millisecond time (what a durable store records), so a test that
 * passes against it says something about the real stores too; it passes the same
 * {@link IntentStoreContract}. One lock guards everything, which makes each call atomic, and
 * {@link #writeTogether} a transaction.
 */
public final class InMemoryIntentStore implements IntentStore {
    /** The lease of an intent nobody holds. */
    private static final Instant NO_LEASE = Instant.EPOCH;
    private static final Comparator<Intent> CLAIM_ORDER =
            Comparator.comparing(Intent::nextAt).thenComparing(Intent::createdAt).thenComparing(Intent::id);

    private record Work(String kind, String eventId, String target) {
        static Work of(NewIntent intent) {
            return new Work(intent.kind(), intent.eventId(), intent.target());
        }
    }

    private record Pair(String kind, String target) {
        Pair {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(target, "target");
        }

        static Pair of(Intent intent) {
            return new Pair(intent.kind(), intent.target());
        }
    }

    /** An intent's place in its FIFO lane: {@code seq} grows with enqueue order. */
    private record LanePlace(String key, long seq) {
    }

    private final SecureRandom random = new SecureRandom();
    private final FairShare fairShare = new FairShare();
    /** When each running intent's current claim was made. */
    private final Map<String, Instant> claimedAt = new HashMap<>();
    private final Map<String, LanePlace> lanePlaces = new HashMap<>();
    /** FIFO intents behind their lane's head: open, but not claimable. */
    private final Set<String> waiting = new HashSet<>();
    private long lastLaneSeq;
    private final Map<String, Intent> intentsById = new HashMap<>();
    private final Map<Work, String> idsByWork = new HashMap<>();
    private final Set<Pair> paused = new HashSet<>();
    private final Map<String, List<AttemptRecord>> attemptLogs = new HashMap<>();
    private final List<QueueListener> listeners = new CopyOnWriteArrayList<>();

    @Override
    public synchronized List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now) {
        return enqueueAll(intents, now, new QueueNotices());
    }

    @Override
    public synchronized int retire(String kind, String target, Instant now) {
        return retire(kind, target, now, new QueueNotices());
    }

    @Override
    public synchronized int retryAll(IntentSelection selection, Instant now) {
        return retryAll(selection, now, new QueueNotices());
    }

    @Override
    public synchronized int deleteEnded(EndedIntents which, Collection<String> ids) {
        Set<String> candidates = Set.copyOf(ids);
        int deleted = 0;
        for (String id : candidates) {
            Intent intent = intentsById.get(id);
            if (intent != null && intent.kind().equals(which.kind()) && which.states().contains(intent.state())
                    && intent.updatedAt().isBefore(millis(which.endedBefore()))) {
                intentsById.remove(id);
                lanePlaces.remove(id);
                idsByWork.remove(new Work(intent.kind(), intent.eventId(), intent.target()));
                attemptLogs.remove(id);
                deleted++;
            }
        }
        return deleted;
    }

    @Override
    public synchronized int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
        return deleteInNamespace(kind, namespace, ids, new QueueNotices());
    }

    @Override
    public synchronized int liftPauses(String kind, String namespace) {
        List<Pair> lifted = paused.stream()
                .filter(pair -> pair.kind().equals(kind) && namespaceOf(pair.target()).equals(namespace))
                .toList();
        lifted.forEach(paused::remove);
        return lifted.size();
    }

    private int deleteInNamespace(String kind, String namespace, Collection<String> ids, QueueNotices notices) {
        int deleted = 0;
        for (String id : Set.copyOf(ids)) {
            Intent intent = intentsById.get(id);
            if (intent != null && intent.kind().equals(kind) && namespaceOf(intent.target()).equals(namespace)) {
                intent.claim().ifPresent(notices::claimRevoked);
                intentsById.remove(id);
                lanePlaces.remove(id);
                waiting.remove(id);
                claimedAt.remove(id);
                idsByWork.remove(new Work(intent.kind(), intent.eventId(), intent.target()));
                attemptLogs.remove(id);
                deleted++;
            }
        }
        return deleted;
    }

    @Override
    public void addListener(QueueListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Runs {@code work} as another store's transaction would run it, through {@link IntentWrites} bound to it:
     * atomic with every other call, undone entirely if {@code work} throws, and told to the listeners only
     * once it returned.
     */
    public <T> T writeTogether(Function<IntentWrites, T> work) {
        QueueNotices notices = new QueueNotices();
        T result;
        synchronized (this) {
            Map<String, Intent> intentsBefore = new HashMap<>(intentsById);
            Map<Work, String> workBefore = new HashMap<>(idsByWork);
            Set<Pair> pausedBefore = new HashSet<>(paused);
            Map<String, List<AttemptRecord>> logsBefore = new HashMap<>(attemptLogs);
            Map<String, LanePlace> placesBefore = new HashMap<>(lanePlaces);
            Set<String> waitingBefore = new HashSet<>(waiting);
            long lastSeqBefore = lastLaneSeq;
            try {
                result = work.apply(new TransactionWrites(notices));
            } catch (RuntimeException | Error e) {
                restore(intentsById, intentsBefore);
                restore(idsByWork, workBefore);
                paused.clear();
                paused.addAll(pausedBefore);
                restore(attemptLogs, logsBefore);
                restore(lanePlaces, placesBefore);
                waiting.clear();
                waiting.addAll(waitingBefore);
                lastLaneSeq = lastSeqBefore;
                throw e;
            }
        }
        notices.tell(listeners);
        return result;
    }

    private static <K, V> void restore(Map<K, V> map, Map<K, V> before) {
        map.clear();
        map.putAll(before);
    }

    /** The store's writes as {@link #writeTogether} hands them out: the lock is held, and what they change is noted. */
    private final class TransactionWrites implements IntentWrites {
        private final QueueNotices notices;

        TransactionWrites(QueueNotices notices) {
            this.notices = notices;
        }

        @Override
        public List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now) {
            return InMemoryIntentStore.this.enqueueAll(intents, now, notices);
        }

        @Override
        public int retire(String kind, String target, Instant now) {
            return InMemoryIntentStore.this.retire(kind, target, now, notices);
        }

        @Override
        public int retryAll(IntentSelection selection, Instant now) {
            return InMemoryIntentStore.this.retryAll(selection, now, notices);
        }

        @Override
        public int deleteEnded(EndedIntents which, Collection<String> ids) {
            return InMemoryIntentStore.this.deleteEnded(which, ids);
        }

        @Override
        public int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
            return InMemoryIntentStore.this.deleteInNamespace(kind, namespace, ids, notices);
        }

        @Override
        public int liftPauses(String kind, String namespace) {
            return InMemoryIntentStore.this.liftPauses(kind, namespace);
        }
    }

    private int retire(String kind, String target, Instant now, QueueNotices notices) {
        Pair pair = new Pair(kind, target);
        List<Intent> open = intentsById.values().stream()
                .filter(intent -> Pair.of(intent).equals(pair) && !intent.state().isTerminal())
                .toList();
        for (Intent intent : open) {
            intent.claim().ifPresent(notices::claimRevoked);
            logAbandoned(intent, now, Abandonment.CANCELLED);
            intentsById.put(intent.id(), released(intent, IntentState.CANCELLED, intent.nextAt(), now, intent.lastError()));
        }
        open.forEach(intent -> advanceLaneOf(intent.id()));
        paused.remove(pair);
        return open.size();
    }

    @Override
    public synchronized int countSelected(IntentSelection selection, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return (int) Math.min(atMost, selected(selection).size());
    }

    @Override
    public synchronized Map<String, Long> countPendingByTarget(String kind, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return intentsById.values().stream()
                .filter(intent -> intent.kind().equals(kind) && intent.state() == IntentState.PENDING)
                .limit(atMost)
                .collect(Collectors.groupingBy(Intent::target, Collectors.counting()));
    }

    private List<Intent> selected(IntentSelection selection) {
        Instant since = selection.changedSince().map(InMemoryIntentStore::millis).orElse(Instant.MIN);
        Instant before = selection.changedBefore().map(InMemoryIntentStore::millis).orElse(Instant.MAX);
        return intentsById.values().stream()
                .filter(intent -> intent.kind().equals(selection.kind()) && intent.state() == selection.state()
                        && selection.target().map(intent.target()::equals).orElse(true)
                        && selection.namespace().map(namespaceOf(intent.target())::equals).orElse(true)
                        && !intent.updatedAt().isBefore(since) && intent.updatedAt().isBefore(before))
                .toList();
    }

    /** As the SQL stores share a claim out ({@link FairShare}): each namespace's oldest in turn, then due order. */
    private List<Intent> sharedOut(List<Intent> claimable, int max) {
        Map<String, List<Intent>> byNamespace = new TreeMap<>();
        claimable.stream().filter(intent -> intent.state() == IntentState.PENDING)
                .forEach(intent -> byNamespace.computeIfAbsent(namespaceOf(intent.target()), space -> new ArrayList<>()).add(intent));
        Optional<FairShare.Turn> turn = fairShare.turn(List.copyOf(byNamespace.keySet()), max);
        if (turn.isEmpty()) {
            return claimable.stream().limit(max).toList();
        }
        Set<Intent> taken = new LinkedHashSet<>();
        for (int i = 0; i < turn.get().each(); i++) {
            for (String space : turn.get().namespaces()) {
                List<Intent> ofSpace = byNamespace.get(space);
                if (i < ofSpace.size()) {
                    taken.add(ofSpace.get(i));
                }
            }
        }
        taken.addAll(claimable.stream().limit(max).toList());
        return taken.stream().limit(max).toList();
    }

    private static String namespaceOf(String target) {
        int slash = target.indexOf('/');
        return slash < 0 ? "" : target.substring(0, slash);
    }

    private int retryAll(IntentSelection selection, Instant now, QueueNotices notices) {
        List<Intent> chosen = selected(selection);
        chosen.forEach(intent -> reopen(intent, now));
        if (!chosen.isEmpty()) {
            notices.workAvailable();
        }
        return chosen.size();
    }

    private List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now, QueueNotices notices) {
        Instant at = millis(now);
        Map<String, Intent> added = new LinkedHashMap<>();
        Map<Work, String> addedWork = new HashMap<>();
        List<Enqueued> results = new ArrayList<>(intents.size());
        for (NewIntent intent : intents) {
            Work work = Work.of(intent);
            String storedId = idsByWork.getOrDefault(work, addedWork.get(work));
            if (storedId != null) {
                results.add(new Enqueued(storedId, true));
                continue;
            }
            if (intentsById.containsKey(intent.id()) || added.containsKey(intent.id())) {
                throw new IllegalArgumentException("intent id " + intent.id() + " already names other work");
            }
            Instant nextAt = intent.nextAt().map(InMemoryIntentStore::millis).orElse(at);
            added.put(intent.id(), new Intent(intent.id(), intent.kind(), intent.eventId(), intent.target(),
                    intent.payload(), IntentState.PENDING, 0, nextAt, at, at, "", "", NO_LEASE));
            addedWork.put(work, intent.id());
            results.add(new Enqueued(intent.id(), false));
        }
        intentsById.putAll(added);
        idsByWork.putAll(addedWork);
        for (NewIntent intent : intents) {
            if (added.containsKey(intent.id()) && intent.fifoKey().isPresent()) {
                lanePlaces.put(intent.id(), new LanePlace(intent.fifoKey().get(), ++lastLaneSeq));
                waiting.add(intent.id());
                advanceLaneOf(intent.id());
            }
        }
        if (!added.isEmpty()) {
            notices.workAvailable();
        }
        return results;
    }

    @Override
    public synchronized List<Intent> claim(Instant now, Duration lease, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        Instant at = millis(now);
        Instant until = millis(at.plus(lease));
        List<Intent> claimable = intentsById.values().stream()
                .filter(intent -> isDue(intent, at) && !paused.contains(Pair.of(intent)) && !waiting.contains(intent.id()))
                .sorted(CLAIM_ORDER)
                .toList();
        boolean moreDueThanTaken = claimable.stream().filter(intent -> intent.state() == IntentState.PENDING).count() > max;
        List<Intent> due = moreDueThanTaken ? sharedOut(claimable, max) : claimable.stream().limit(max).toList();
        List<Intent> claimed = new ArrayList<>(due.size());
        for (Intent intent : due) {
            logAbandoned(intent, at, Abandonment.LEASE_ENDED);
            claimedAt.put(intent.id(), at);
            Intent running = with(intent, IntentState.RUNNING, intent.attempts() + 1, intent.nextAt(), at,
                    intent.lastError(), newToken(), until);
            intentsById.put(running.id(), running);
            claimed.add(running);
        }
        return claimed;
    }

    @Override
    public synchronized boolean renew(ClaimRef claim, Instant now, Duration lease) {
        Instant at = millis(now);
        return whileClaimed(claim, intent -> with(intent, IntentState.RUNNING, intent.attempts(), intent.nextAt(),
                at, intent.lastError(), intent.claimToken(), millis(at.plus(lease))));
    }

    /**
     * @throws IllegalArgumentException when the intent's log already has an entry with the same attempt
     *                                  number; nothing is written then
     */
    @Override
    public synchronized boolean settle(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry,
            Instant now) {
        Objects.requireNonNull(settlement, "settlement");
        Objects.requireNonNull(logEntry, "logEntry");
        Optional<Intent> claimed = claimedBy(claim);
        if (claimed.isEmpty()) {
            return false;
        }
        List<AttemptRecord> log = attemptLogs.computeIfAbsent(claim.intentId(), id -> new ArrayList<>());
        if (logEntry.isPresent()) {
            int attempt = logEntry.get().attempt();
            if (log.stream().anyMatch(logged -> logged.attempt() == attempt)) {
                throw new IllegalArgumentException(
                        "attempt " + attempt + " of intent " + claim.intentId() + " is already logged");
            }
        }
        intentsById.put(claim.intentId(), settled(claimed.get(), settlement, now));
        logEntry.map(InMemoryIntentStore::millis).ifPresent(log::add);
        advanceLaneOf(claim.intentId());
        return true;
    }

    private static Intent settled(Intent intent, Settlement settlement, Instant now) {
        if (settlement instanceof Settlement.Complete) {
            return released(intent, IntentState.COMPLETED, intent.nextAt(), now, intent.lastError());
        }
        if (settlement instanceof Settlement.Retry retry) {
            return released(intent, IntentState.PENDING, millis(retry.nextAt()), now, retry.error());
        }
        if (settlement instanceof Settlement.Fail fail) {
            return released(intent, IntentState.FAILED, intent.nextAt(), now, fail.error());
        }
        if (settlement instanceof Settlement.Snooze snooze) {
            return with(intent, IntentState.PENDING, intent.attempts() - 1, millis(snooze.nextAt()), millis(now),
                    intent.lastError(), "", NO_LEASE);
        }
        throw new IllegalArgumentException("unknown settlement " + settlement);
    }

    @Override
    public synchronized boolean retryNow(String id, Instant now) {
        Intent intent = intentsById.get(id);
        if (intent == null || intent.state() == IntentState.COMPLETED) {
            return false;
        }
        logAbandoned(intent, now, Abandonment.RETRIED);
        reopen(intent, now);
        return true;
    }

    @Override
    public synchronized boolean cancel(String id, Instant now) {
        Intent intent = intentsById.get(id);
        if (intent == null || intent.state().isTerminal()) {
            return false;
        }
        logAbandoned(intent, now, Abandonment.CANCELLED);
        intentsById.put(id, released(intent, IntentState.CANCELLED, intent.nextAt(), now, intent.lastError()));
        advanceLaneOf(id);
        return true;
    }

    /**
     * Operator retry: pending and due now. One that had ended goes back into its lane behind whatever is its
     * head now, as any store must have it: the head may be running.
     */
    private void reopen(Intent intent, Instant now) {
        if (intent.state().isTerminal() && lanePlaces.containsKey(intent.id())) {
            waiting.add(intent.id());
        }
        intentsById.put(intent.id(), released(intent, IntentState.PENDING, millis(now), now, intent.lastError()));
        advanceLaneOf(intent.id());
    }

    /** Lets the earliest waiting intent of {@code id}'s lane go, unless the lane still has a head. */
    private void advanceLaneOf(String id) {
        LanePlace place = lanePlaces.get(id);
        if (place == null || laneIntents(place.key()).anyMatch(intent -> !waiting.contains(intent.id()))) {
            return;
        }
        laneIntents(place.key())
                .min(Comparator.comparingLong(intent -> lanePlaces.get(intent.id()).seq()))
                .ifPresent(next -> waiting.remove(next.id()));
    }

    /** The open intents of lane {@code key}. */
    private Stream<Intent> laneIntents(String key) {
        return lanePlaces.entrySet().stream()
                .filter(entry -> entry.getValue().key().equals(key))
                .map(entry -> intentsById.get(entry.getKey()))
                .filter(intent -> !intent.state().isTerminal());
    }

    @Override
    public synchronized Optional<Intent> fifoHead(String fifoKey) {
        Objects.requireNonNull(fifoKey, "fifoKey");
        return laneIntents(fifoKey).filter(intent -> !waiting.contains(intent.id())).findFirst();
    }

    @Override
    public synchronized List<Intent> failingFifoHeads(String kind, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return lanePlaces.keySet().stream()
                .map(intentsById::get)
                .filter(intent -> intent.kind().equals(kind) && !intent.state().isTerminal()
                        && !waiting.contains(intent.id()) && !intent.lastError().isEmpty())
                .limit(atMost)
                .toList();
    }

    @Override
    public synchronized void pause(String kind, String target) {
        paused.add(new Pair(kind, target));
    }

    @Override
    public synchronized void resume(String kind, String target) {
        paused.remove(new Pair(kind, target));
    }

    @Override
    public synchronized boolean isPaused(String kind, String target) {
        return paused.contains(new Pair(kind, target));
    }

    @Override
    public synchronized Optional<Intent> find(String id) {
        return Optional.ofNullable(intentsById.get(id));
    }

    @Override
    public synchronized List<AttemptRecord> attempts(String intentId) {
        return List.copyOf(attemptLogs.getOrDefault(Objects.requireNonNull(intentId, "intentId"), List.of()));
    }

    @Override
    public synchronized Map<String, Long> countPendingByKind() {
        return intentsById.values().stream()
                .filter(intent -> intent.state() == IntentState.PENDING)
                .collect(Collectors.groupingBy(Intent::kind, Collectors.counting()));
    }

    private static boolean isDue(Intent intent, Instant now) {
        return switch (intent.state()) {
            case PENDING -> !intent.nextAt().isAfter(now);
            case RUNNING -> !intent.claimUntil().isAfter(now);
            default -> false;
        };
    }

    /**
     * Logs the attempt of {@code intent}, if it is running, as abandoned: from its claim until its lease ended or
     * {@code now}, whichever came first.
     */
    private void logAbandoned(Intent intent, Instant now, Abandonment why) {
        if (intent.state() != IntentState.RUNNING || intent.attempts() < 1) {
            return;
        }
        Instant started = claimedAt.get(intent.id());
        Instant ended = intent.claimUntil().isBefore(now) ? intent.claimUntil() : millis(now);
        Duration took = ended.isBefore(started) ? Duration.ZERO : Duration.between(started, ended);
        List<AttemptRecord> log = attemptLogs.computeIfAbsent(intent.id(), id -> new ArrayList<>());
        if (log.stream().noneMatch(entry -> entry.attempt() == intent.attempts())) {
            log.add(new AttemptRecord(intent.attempts(), started, took, AttemptOutcome.ABANDONED, why.why(), AttemptDetail.NONE));
        }
    }

    /** Applies {@code change} only while {@code claim} is the intent's current claim: the fence. */
    private boolean whileClaimed(ClaimRef claim, UnaryOperator<Intent> change) {
        Optional<Intent> claimed = claimedBy(claim);
        claimed.ifPresent(intent -> intentsById.put(intent.id(), change.apply(intent)));
        return claimed.isPresent();
    }

    /** The intent, if {@code claim} is its current claim. */
    private Optional<Intent> claimedBy(ClaimRef claim) {
        return Optional.ofNullable(intentsById.get(claim.intentId()))
                .filter(intent -> claim.equals(intent.claim().orElse(null)));
    }

    /** The intent in a state nobody holds a claim in. */
    private static Intent released(Intent intent, IntentState state, Instant nextAt, Instant now, String lastError) {
        return with(intent, state, intent.attempts(), nextAt, millis(now), lastError, "", NO_LEASE);
    }

    private static Intent with(Intent intent, IntentState state, int attempts, Instant nextAt, Instant updatedAt,
            String lastError, String claimToken, Instant claimUntil) {
        return new Intent(intent.id(), intent.kind(), intent.eventId(), intent.target(), intent.payload(), state,
                attempts, nextAt, intent.createdAt(), updatedAt, lastError, claimToken, claimUntil);
    }

    /** 128 random bits: a token another worker cannot guess or collide with. */
    private String newToken() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static Instant millis(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }

    /** The entry as a millisecond store keeps it. */
    private static AttemptRecord millis(AttemptRecord entry) {
        return new AttemptRecord(entry.attempt(), millis(entry.startedAt()), Duration.ofMillis(entry.duration().toMillis()),
                entry.outcome(), entry.error(), entry.detail());
    }
}
