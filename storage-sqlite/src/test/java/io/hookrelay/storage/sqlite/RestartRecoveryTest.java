package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process killed with SIGKILL mid-attempt: its claims are pending again, claimable and their attempts logged, at the next start. */
class RestartRecoveryTest {
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);
    private static final Instant CRASHED_AT = Instant.parse("2025-05-01T10:00:00Z");
    private static final int COUNT = 10;
    private static final int CLAIMED = 4;

    @TempDir
    Path dataDir;

    @Test
    void runningIntentsOfAKilledProcessAreClaimableAtOnceAndKeepTheirAttemptNumbering() throws Exception {
        Map<String, String> tokensBeforeCrash;
        try (ChildJvm child = ChildJvm.start(ClaimThenHangMain.class, dataDir.toString(),
                Long.toString(CRASHED_AT.toEpochMilli()), Integer.toString(COUNT), Integer.toString(CLAIMED))) {
            String line = child.awaitLine(printed -> printed.startsWith("claimed "), CHILD_TIMEOUT);
            tokensBeforeCrash = Arrays.stream(line.substring("claimed ".length()).split(","))
                    .map(pair -> pair.split(":"))
                    .collect(Collectors.toMap(pair -> pair[0], pair -> pair[1]));
            child.kill();
            child.awaitExit(CHILD_TIMEOUT);
        }
        assertThat(tokensBeforeCrash).hasSize(CLAIMED);

        // A minute later: nine minutes before the dead process's leases would have ended.
        Instant restartedAt = CRASHED_AT.plus(Duration.ofMinutes(1));
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            for (String cutOff : tokensBeforeCrash.keySet()) {
                Intent recovered = store.find(cutOff).orElseThrow();
                assertThat(recovered.state()).as("no longer shown as running").isEqualTo(IntentState.PENDING);
                assertThat(recovered.attempts()).as("the cut-off attempt still counts").isEqualTo(1);
                assertThat(store.attempts(cutOff)).extracting(AttemptRecord::attempt, AttemptRecord::startedAt,
                        AttemptRecord::outcome, AttemptRecord::error)
                        .as("and is logged, from its claim")
                        .containsExactly(tuple(1, CRASHED_AT, AttemptOutcome.ABANDONED, Abandonment.PROCESS_STOPPED.why()));
            }
            List<Intent> claimed = store.claim(restartedAt, Duration.ofSeconds(30), COUNT + 1);

            Map<String, Intent> byId = claimed.stream().collect(Collectors.toMap(Intent::id, Function.identity()));
            Set<String> everyId = IntStream.range(0, COUNT)
                    .mapToObj(i -> NewIntent.defaultId(ClaimThenHangMain.KIND, ClaimThenHangMain.eventId(i), "target"))
                    .collect(Collectors.toSet());
            assertThat(byId.keySet()).as("no intent lost").isEqualTo(everyId);
            for (Intent intent : claimed) {
                assertThat(intent.state()).isEqualTo(IntentState.RUNNING);
                String oldToken = tokensBeforeCrash.get(intent.id());
                if (oldToken != null) {
                    assertThat(intent.attempts()).as("attempt numbering continues").isEqualTo(2);
                    assertThat(intent.claimToken()).isNotEqualTo(oldToken);
                } else {
                    assertThat(intent.attempts()).isEqualTo(1);
                }
            }
        }
    }
}
