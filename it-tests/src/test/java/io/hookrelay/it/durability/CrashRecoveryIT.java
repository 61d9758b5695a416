package io.hookrelay.it.durability;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay's promise under crashes: the real jar takes a steady stream of webhooks and delivers each to two
 * targets while it is killed with SIGKILL at random moments and started again on the same data directory.
 * Afterwards every acknowledged event has reached both targets, byte for byte; a target saw an event twice
 * only where a kill cut off an attempt whose answer the relay never got to write down; attempt numbers went
 * on counting across restarts; and the database holds nothing unfinished and nothing half-written.
 *
 * <p>The kills are drawn from a seeded {@link Random}: the seed is printed, and {@code -Dcrash.seed} replays
 * the same schedule of kills (the machine's timing still differs from run to run). {@code -Dcrash.cycles}
 * and {@code -Dcrash.load-seconds} make the run longer, as the {@code soak} profile does.
 */
class CrashRecoveryIT {
    private static final String SOURCE = "crash-load";
    private static final List<String> TARGETS = List.of("alpha", "beta");
    /** Retries one second apart, so that the deliveries a receiver refused are done soon after the load stops. */
    private static final Integer[] ONE_SECOND_RETRIES = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    private static final Duration ANSWER_DELAY = Duration.ofMillis(20);
    /** One event in this many is refused with a 500 on its first attempt to each target. */
    private static final int REFUSED_FIRST_ATTEMPT_EVERY = 5;
    private static final int POSTERS = 4;
    /** Posters pace themselves, so that deliveries keep up with ingest and the drain at the end stays short. */
    private static final Duration PACE = Duration.ofMillis(40);
    private static final int WORKERS = 8;
    private static final Duration DRAIN_PATIENCE = Duration.ofSeconds(90);

    private final long seed = Long.getLong("crash.seed", System.nanoTime());
    private final int cycles = Integer.getInteger("crash.cycles", 4);
    private final Duration load = Duration.ofSeconds(Long.getLong("crash.load-seconds", 8));

    @Test
    void everyAcknowledgedEventIsDeliveredToEveryTargetThroughRepeatedSigkills(@TempDir Path dataDir) throws Exception {
        System.out.printf("[figures] CrashRecoveryIT seed=%d cycles=%d load=%ss (replay with -Dcrash.seed=%d)%n",
                seed, cycles, load.toSeconds(), seed);
        Random random = new Random(seed);
        try (Receiver alpha = Receiver.start(); Receiver beta = Receiver.start()) {
            Map<String, Receiver> receivers = Map.of("alpha", alpha, "beta", beta);
            receivers.values().forEach(receiver -> {
                receiver.delayAnswers(ANSWER_DELAY);
                receiver.answerBy(request -> Receiver.Answer.status(statusFor(request)));
            });
            configure(dataDir, receivers);

            RestartingServer server = new RestartingServer(dataDir, List.of("--workers", Integer.toString(WORKERS)),
                    List.of(alpha, beta));
            WebhookLoad ingest;
            List<Receipt> receipts;
            try (server) {
                ingest = WebhookLoad.start(server.start(), SOURCE, POSTERS, PACE, 64);
                try (ingest) {
                    server.awaitFirstDelivery();
                    for (int cycle = 0; cycle < cycles; cycle++) {
                        Thread.sleep(lifetime(random).toMillis());
                        ingest.pointAt(server.killAndRestart());
                        server.awaitFirstDelivery();
                    }
                    Thread.sleep(lifetime(random).toMillis());
                }
                long drainStarted = System.nanoTime();
                awaitDrained(dataDir);
                long drainTook = System.nanoTime() - drainStarted;
                assertThat(server.terminate()).as("exit code after SIGTERM").isZero();
                receipts = receipts(receivers);
                printFigures(ingest, server, Duration.ofNanos(drainTook), DeliveryAudit.countDuplicates(receipts));
            }

            assertThat(ingest.refusals()).as("answers to providers other than 202").noneMatch(Refusal::answered);
            assertThat(ingest.acknowledged()).as("acknowledged events").isNotEmpty();
            assertNoErrorsPrinted(server.outputOfEnded());
            try (RelayDatabase database = RelayDatabase.open(dataDir)) {
                DeliveryAudit.assertDeliveredAsReceived(ingest.acknowledged(), receipts, TARGETS, database, server::killBetween);
            }
        }
    }

    /** Nothing on standard error and no line logged at ERROR level, however the process ended. */
    private static void assertNoErrorsPrinted(List<RestartingServer.Output> outputs) {
        for (RestartingServer.Output output : outputs) {
            assertThat(output.stderrLines()).as("standard error of a process").isEmpty();
            assertThat(output.stdoutLines()).as("lines logged at ERROR by a process")
                    .filteredOn(line -> line.contains(" ERROR "))
                    .isEmpty();
        }
    }

    /** The source and targets, made through the API of an in-process server on the same data directory. */
    private static void configure(Path dataDir, Map<String, Receiver> receivers) {
        try (RelayServer setup = RelayServer.start(dataDir)) {
            setup.createPlainSource(SOURCE);
            TARGETS.forEach(target ->
                    setup.createRoutedTarget(SOURCE, NewTarget.to(target, receivers.get(target)).retrySchedule(ONE_SECOND_RETRIES)));
        }
    }

    /** How long a server lives before its kill: random, around an equal share of the load's duration. */
    private Duration lifetime(Random random) {
        long mean = load.toMillis() / (cycles + 1);
        long shortest = Math.min(100, mean);
        return Duration.ofMillis(shortest + (long) (random.nextDouble() * 2 * (mean - shortest)));
    }

    /** What the receivers answer: 500 to the first attempt of one event in {@link #REFUSED_FIRST_ATTEMPT_EVERY}, else 200. */
    private static int statusFor(Receiver.Request request) {
        String eventId = request.header("webhook-id").orElse("");
        boolean refused = Receipt.attemptOf(request) == 1 && Math.floorMod(eventId.hashCode(), REFUSED_FIRST_ATTEMPT_EVERY) == 0;
        return refused ? 500 : 200;
    }

    private static void awaitDrained(Path dataDir) throws InterruptedException {
        try (RelayDatabase database = RelayDatabase.open(dataDir)) {
            Await.until("no pending or running intent", DRAIN_PATIENCE, () -> database.unfinishedIntents() == 0);
        }
    }

    /** Every request the receivers got, oldest first. */
    private static List<Receipt> receipts(Map<String, Receiver> receivers) {
        return Receipt.allOf(receivers, CrashRecoveryIT::statusFor);
    }

    private void printFigures(WebhookLoad ingest, RestartingServer server, Duration drain, int duplicates) {
        System.out.printf("[figures] CrashRecoveryIT events sent=%d acknowledged=%d unanswered=%d kills=%d duplicates=%d"
                        + " max restart->listening=%dms max listening->first delivery=%dms drain=%dms%n",
                ingest.sent(), ingest.acknowledgedCount(), ingest.refusals().size(), server.kills().size(), duplicates,
                server.longest(RestartingServer.Restart::toListening).toMillis(),
                server.longest(RestartingServer.Restart::listeningToFirstDelivery).toMillis(), drain.toMillis());
    }
}
