package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Verdict;
import io.hookrelay.queue.pool.WorkerPool;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An application that embeds only the queue: enqueues one intent, lets a worker claim and complete it, and
 * prints the tables the data directory then has. {@link QueueWithoutTheRelayTest} runs it on a class path
 * without delivery-engine, so a reference to a relay type anywhere on the way fails it.
 */
public final class QueueAloneMain {
    private static final Duration COMPLETION_WAIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(10);

    private QueueAloneMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args[0]);
        try {
            Class.forName("io.hookrelay.delivery.model.Target");
            System.out.println("delivery-engine is on the class path");
        } catch (ClassNotFoundException expected) {
            System.out.println("delivery-engine is not on the class path");
        }
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            IntentQueue queue = new IntentQueue(new SqliteIntentStore(database), Clock.systemUTC());
            try (WorkerPool pool = WorkerPool.builder(queue).handler("email", (intent, attempt) -> Verdict.completed()).build()) {
                pool.start();
                Enqueued enqueued = queue.enqueue(NewIntent.of("email", "order-1234", "customer@example.com", "{}"));
                long deadline = System.nanoTime() + COMPLETION_WAIT.toNanos();
                while (queue.find(enqueued.id()).orElseThrow().state() != IntentState.COMPLETED) {
                    if (System.nanoTime() > deadline) {
                        System.out.println("not completed: " + queue.find(enqueued.id()).orElseThrow());
                        System.exit(1);
                    }
                    Thread.sleep(POLL.toMillis());
                }
                System.out.println("completed " + enqueued.id());
            }
        }
        System.out.println("tables: " + String.join(",", tables(dataDir.resolve(SqliteDatabase.DATABASE_FILE))));
    }

    private static List<String> tables(Path databaseFile) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + databaseFile);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        return names;
    }
}
