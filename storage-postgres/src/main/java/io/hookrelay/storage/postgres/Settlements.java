package io.hookrelay.storage.postgres;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.Settlement;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** Writes several claims' settlements, with their attempt-log entries, in two statements of one transaction. */
final class Settlements {

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

    /**
     * Log entries that were refused because their intent already had one with that attempt number. Throwing
     * it rolls back the whole transaction, settlements included; whoever wrote a batch runs it again without
     * these.
     */
    static final class AlreadyLogged extends IllegalArgumentException {
        private final Set<String> intentIds;

        AlreadyLogged(Set<String> intentIds) {
            super("the attempt is already logged for intents " + intentIds);
            this.intentIds = Set.copyOf(intentIds);
        }

        Set<String> intentIds() {
            return intentIds;
        }
    }

    private Settlements() {
    }

    /**
     * Writes {@code requests}, which must name distinct intents, inside the caller's transaction.
     *
     * @return the ids of the intents whose fence held; the others' claims were lost and nothing of them was
     *         written
     * @throws AlreadyLogged when an entry was refused; the caller's transaction must roll back
     */
    static Set<String> writeAll(Handle handle, List<Request> requests) {
        int size = requests.size();
        String[] ids = new String[size];
        String[] tokens = new String[size];
        String[] states = new String[size];
        Long[] nextAts = new Long[size];
        String[] errors = new String[size];
        Integer[] givenBack = new Integer[size];
        Long[] nows = new Long[size];
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
        }
        Set<String> settled = new HashSet<>(handle.attach(IntentDao.class)
                .settleAll(ids, tokens, states, nextAts, errors, givenBack, nows));
        log(handle, requests.stream().filter(r -> settled.contains(r.intentId()) && r.logEntry().isPresent()).toList());
        return settled;
    }

    private static void log(Handle handle, List<Request> logged) {
        if (logged.isEmpty()) {
            return;
        }
        int size = logged.size();
        String[] intentIds = new String[size];
        Integer[] attempts = new Integer[size];
        Long[] startedAts = new Long[size];
        Long[] durations = new Long[size];
        String[] outcomes = new String[size];
        String[] errors = new String[size];
        Integer[] statusCodes = new Integer[size];
        String[] excerpts = new String[size];
        for (int i = 0; i < size; i++) {
            AttemptRecord entry = logged.get(i).logEntry().orElseThrow();
            AttemptDetail detail = entry.detail();
            intentIds[i] = logged.get(i).intentId();
            attempts[i] = entry.attempt();
            startedAts[i] = entry.startedAt().toEpochMilli();
            durations[i] = entry.duration().toMillis();
            outcomes[i] = entry.outcome().label();
            errors[i] = entry.error();
            statusCodes[i] = detail.statusCode().orElse(null);
            excerpts[i] = detail.excerpt();
        }
        Set<String> written = new HashSet<>(handle.attach(AttemptDao.class)
                .insertAll(intentIds, attempts, startedAts, durations, outcomes, errors, statusCodes, excerpts));
        Set<String> refused = new HashSet<>(List.of(intentIds));
        refused.removeAll(written);
        if (!refused.isEmpty()) {
            throw new AlreadyLogged(refused);
        }
    }
}
