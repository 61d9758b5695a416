package io.hookrelay.storage.postgres;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.Settlement;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Writes a batch of claims' settlements, with their attempt-log entries, in one statement:
 * the settlements' half of the store's group commit. No two settlements of one intent share a batch, so each
 * row's result belongs to one caller. Those that end their intents first lock the intents' FIFO lanes, which
 * then advance (see {@link LaneDao}).
 */
final class Settlements implements GroupCommitter.BatchWrite<Settlements.Request, Boolean> {

    /** One caller's settlement: what {@link io.hookrelay.queue.IntentStore#settle} was given. */
    record Request(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry, Instant now) {
        Request {
            Objects.requireNonNull(claim, "claim");
            Objects.requireNonNull(settlement, "settlement");
            Objects.requireNonNull(logEntry, "logEntry");
            Objects.requireNonNull(now, "now");
        }

        String intentId() {
            return claim.intentId();
        }
    }

    private final Runnable workAvailable;
    /** Whether the last batch written gave a FIFO lane a new head; read by {@link #committed}, on the committer's thread. */
    private boolean advancedLanes;

    /** @param workAvailable run after a committed batch that let intents waiting in a FIFO lane go */
    Settlements(Runnable workAvailable) {
        this.workAvailable = Objects.requireNonNull(workAvailable, "workAvailable");
    }

    @Override
    public void committed(List<Request> batch, List<Boolean> answers) {
        if (advancedLanes) {
            workAvailable.run();
        }
    }

    @Override
    public Optional<Object> exclusiveKey(Request request) {
        return Optional.of(request.intentId());
    }

    /**
     * Answers whether each claim's fence held; a claim that was lost had nothing of it written.
     *
     * @throws GroupCommitter.Refused for settlements whose log entry was refused because their intent already
     *                                had one with that attempt number, as {@code settle} refuses it alone
     */
    @Override
    public List<Boolean> write(Handle handle, List<Request> batch) {
        SettlementDao dao = handle.attach(SettlementDao.class);
        dao.planForValues();
        String[] ending = batch.stream().filter(request -> request.settlement().ends()).map(Request::intentId)
                .toArray(String[]::new);
        List<String> locked = ending.length == 0 ? List.of() : handle.attach(LaneDao.class).lockLanesOf(ending);
        Set<String> settled = new HashSet<>();
        Set<String> refused = new HashSet<>();
        for (SettlementDao.Settled row : writeAll(dao, batch)) {
            settled.add(row.id());
            if (!row.logged()) {
                refused.add(row.id());
            }
        }
        advancedLanes = !locked.isEmpty() && handle.attach(LaneDao.class).advance(locked.toArray(String[]::new)) > 0;
        if (!refused.isEmpty()) {
            Map<Integer, RuntimeException> failures = new HashMap<>();
            for (int i = 0; i < batch.size(); i++) {
                Request request = batch.get(i);
                if (refused.contains(request.intentId())) {
                    failures.put(i, new IllegalArgumentException("attempt " + request.logEntry().orElseThrow().attempt()
                            + " of intent " + request.intentId() + " is already logged"));
                }
            }
            throw new GroupCommitter.Refused(failures);
        }
        return batch.stream().map(request -> settled.contains(request.intentId())).toList();
    }

    private static List<SettlementDao.Settled> writeAll(SettlementDao dao, List<Request> requests) {
        int size = requests.size();
        String[] ids = new String[size];
        String[] tokens = new String[size];
        String[] states = new String[size];
        Long[] nextAts = new Long[size];
        String[] errors = new String[size];
        Integer[] givenBack = new Integer[size];
        Long[] nows = new Long[size];
        LogColumns log = new LogColumns(size);
        for (int i = 0; i < size; i++) {
            Request request = requests.get(i);
            ids[i] = request.intentId();
            tokens[i] = request.claim().token();
            nows[i] = request.now().toEpochMilli();
            givenBack[i] = 0;
            Settlement settlement = request.settlement();
            if (settlement instanceof Settlement.Complete) {
                states[i] = IntentState.COMPLETED.wireName();
            } else if (settlement instanceof Settlement.Retry retry) {
                states[i] = IntentState.PENDING.wireName();
                nextAts[i] = retry.nextAt().toEpochMilli();
                errors[i] = retry.error();
            } else if (settlement instanceof Settlement.Fail fail) {
                states[i] = IntentState.FAILED.wireName();
                errors[i] = fail.error();
            } else if (settlement instanceof Settlement.Snooze snooze) {
                states[i] = IntentState.PENDING.wireName();
                nextAts[i] = snooze.nextAt().toEpochMilli();
                givenBack[i] = 1;
            } else {
                throw new IllegalArgumentException("unknown settlement " + settlement);
            }
            int row = i;
            request.logEntry().ifPresent(entry -> log.set(row, entry));
        }
        return dao.settleAll(ids, tokens, states, nextAts, errors, givenBack, nows, log.attempts, log.startedAts,
                log.durations, log.outcomes, log.errors, log.statusCodes, log.excerpts);
    }

    /** The log entries as columns beside the settlements', null where a settlement has none. */
    private static final class LogColumns {
        final Integer[] attempts;
        final Long[] startedAts;
        final Long[] durations;
        final String[] outcomes;
        final String[] errors;
        final Integer[] statusCodes;
        final String[] excerpts;

        LogColumns(int size) {
            attempts = new Integer[size];
            startedAts = new Long[size];
            durations = new Long[size];
            outcomes = new String[size];
            errors = new String[size];
            statusCodes = new Integer[size];
            excerpts = new String[size];
        }

        void set(int row, AttemptRecord entry) {
            AttemptDetail detail = entry.detail();
            attempts[row] = entry.attempt();
            startedAts[row] = entry.startedAt().toEpochMilli();
            durations[row] = entry.duration().toMillis();
            outcomes[row] = entry.outcome().label();
            errors[row] = entry.error();
            statusCodes[row] = detail.statusCode().orElse(null);
            excerpts[row] = detail.excerpt();
        }
    }
}
