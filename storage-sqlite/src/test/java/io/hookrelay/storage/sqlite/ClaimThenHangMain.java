package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Run in a child JVM that the test kills: enqueues {@code count} intents at {@code now}, claims
 * {@code claims} of them with a ten-minute lease, prints {@code claimed id:token,…} and then waits to be
 * killed, with its claims in flight and its database open.
 *
 * <p>Arguments: data directory, now (epoch ms), count, claims.
 */
public final class ClaimThenHangMain {
    static final String KIND = "restart";
    static final Duration LEASE = Duration.ofMinutes(10);

    private ClaimThenHangMain() {
    }

    public static void main(String[] args) throws IOException {
        Path dataDir = Path.of(args[0]);
        Instant now = Instant.ofEpochMilli(Long.parseLong(args[1]));
        int count = Integer.parseInt(args[2]);
        int claims = Integer.parseInt(args[3]);

        SqliteDatabase database = SqliteDatabase.open(dataDir);
        SqliteIntentStore store = new SqliteIntentStore(database);
        for (int i = 0; i < count; i++) {
            store.enqueue(NewIntent.of(KIND, eventId(i), "target", "payload " + i), now);
        }
        List<Intent> claimed = store.claim(now, LEASE, claims);
        System.out.println("claimed " + claimed.stream()
                .map(intent -> intent.id() + ":" + intent.claimToken())
                .collect(Collectors.joining(",")));
        System.out.flush();
        // Holds everything open until killed; a parent that dies first closes stdin and ends this too.
        while (System.in.read() != -1) {
            // Input is not expected; keep waiting.
        }
    }

    static String eventId(int i) {
        return "event-" + i;
    }
}
