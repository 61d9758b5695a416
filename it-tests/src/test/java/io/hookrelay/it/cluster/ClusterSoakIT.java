package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.NodeNetworks;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The soak on PostgreSQL ({@code mvn -Psoak}): three nodes, each in a network namespace of its own, under mixed load
 * for {@code -Dsoak.minutes} (10 by default): webhooks through every node, a receiver that fails each fourth
 * delivery's first attempt (so retries run all along), a target paused and resumed, another reconfigured, and
 * faults from a seeded schedule: nodes SIGKILLed and started again, one PostgreSQL restart, one node cut off from
 * the database for 40 s. It ends with NodeCrashIT's checks: every acknowledged event delivered to both targets byte
 * for byte, every attempt in the log, no webhook answered with anything but 202 or 503, and an event sent twice
 * only where a fault cut off an attempt.
 *
 * <p>Restarts the local PostgreSQL ({@code pg_ctlcluster}), so it runs alone, never beside other tests.
 */
class ClusterSoakIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "soak";
    private static final List<String> TARGETS = List.of("alpha", "beta");
    private static final Duration LENGTH = Duration.ofMinutes(Long.getLong("soak.minutes", 10));
    private static final long SEED = Long.getLong("soak.seed", System.nanoTime());
    private static final Duration KILL_EVERY = Duration.ofSeconds(100);
    private static final Duration DOWN_FOR = Duration.ofSeconds(5);
    private static final Duration CUT_FOR = Duration.ofSeconds(40);
    private static final Duration PAUSE_EVERY = Duration.ofSeconds(70);
    private static final Duration PAUSED_FOR = Duration.ofSeconds(15);
    private static final Duration CHANGE_EVERY = Duration.ofSeconds(50);
    /** A fault explains a second delivery whose first arrived from this long before it to this long after it ended. */
    private static final Duration BEFORE_A_FAULT = Duration.ofSeconds(2);
    private static final Duration AFTER_A_FAULT = Duration.ofSeconds(35);
    private static final Duration DRAIN_PATIENCE = Duration.ofMinutes(5);
    /**
     * Each provider's pause after an answer: about 60 events a second over the six, within what {@code alpha} takes at
     * its lower limit (8 in flight, answers in 50 ms), so that the backlog a fault leaves drains while the load goes on.
     */
    private static final Duration PACE = Duration.ofMillis(100);

    /** One fault of the schedule: which, on which node (-1 for all), from when to when ({@link System#nanoTime()}). */
    private record Fault(String kind, int node, long startNanos, long endNanos) {
        boolean explains(Receipt earlier, NodeNetworks networks) {
            return (node < 0 || networks.address(node).equals(earlier.from()))
                    && earlier.arrivedAtNanos() - (startNanos - BEFORE_A_FAULT.toNanos()) >= 0
                    && earlier.arrivedAtNanos() - (endNanos + AFTER_A_FAULT.toNanos()) <= 0;
        }
    }

    @Test
    void threeNodesUnderMixedLoadAndFaultsLoseNothingAndSendTwiceOnlyWhereAFaultCutAnAttemptOff() throws Exception {
        Random random = new Random(SEED);
        System.out.printf("[figures] ClusterSoakIT seed=%d length=%s (replay with -Dsoak.seed=%d)%n", SEED, LENGTH, SEED);
        List<Fault> faults = new ArrayList<>();
        List<Duration> restartToListening = new ArrayList<>();
        try (NodeNetworks networks = NodeNetworks.create(3, postgres.url());
             Receiver alpha = Receiver.startOn(InetAddress.getByName(NodeNetworks.HOST));
             Receiver beta = Receiver.startOn(InetAddress.getByName(NodeNetworks.HOST));
             RelayCluster cluster = RelayCluster.startInNamespaces(networks, postgres.url(), "--workers", "8")) {
            Map<String, Receiver> receivers = Map.of("alpha", alpha, "beta", beta);
            receivers.values().forEach(receiver -> {
                receiver.delayAnswers(Duration.ofMillis(50));
                receiver.answerBy(request -> Receiver.Answer.status(statusFor(request)));
            });
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("alpha", alpha).retrySchedule(1, 2, 5).maxInFlight(16));
            cluster.createRoutedTarget(SOURCE, NewTarget.to("beta", beta).retrySchedule(1, 2, 5));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, PACE);
            try (load) {
                long began = System.nanoTime();
                long end = began + LENGTH.toNanos();
                long restartPostgresAt = began + LENGTH.toNanos() / 3;
                long cutAt = began + LENGTH.toNanos() * 2 / 3;
                long nextKill = began + KILL_EVERY.toNanos() / 2;
                long nextPause = began + PAUSE_EVERY.toNanos();
                long nextChange = began + CHANGE_EVERY.toNanos();
                int changes = 0;
                while (System.nanoTime() - end < 0) {
                    long now = System.nanoTime();
                    if (now - nextKill >= 0) {
                        int node = random.nextInt(cluster.size());
                        RelayCluster.Kill kill = cluster.kill(node);
                        load.pointAt(node, cluster.uri((node + 1) % cluster.size()));
                        TimeUnit.MILLISECONDS.sleep(DOWN_FOR.toMillis());
                        long restarting = System.nanoTime();
                        load.pointAt(node, cluster.restart(node));
                        restartToListening.add(Duration.ofNanos(System.nanoTime() - restarting));
                        faults.add(new Fault("kill", node, kill.signalledAtNanos(), System.nanoTime()));
                        nextKill = System.nanoTime() + KILL_EVERY.toNanos();
                    } else if (restartPostgresAt != 0 && now - restartPostgresAt >= 0) {
                        long start = System.nanoTime();
                        restartPostgres();
                        faults.add(new Fault("postgres restart", -1, start, System.nanoTime()));
                        restartPostgresAt = 0;
                    } else if (cutAt != 0 && now - cutAt >= 0) {
                        int node = random.nextInt(cluster.size());
                        long start = System.nanoTime();
                        networks.cutFromDatabase(node);
                        TimeUnit.MILLISECONDS.sleep(CUT_FOR.toMillis());
                        networks.reconnect(node);
                        faults.add(new Fault("cut off", node, start, System.nanoTime()));
                        cutAt = 0;
                    } else if (now - nextPause >= 0) {
                        operate(cluster, random, api -> api.post("/api/v1/targets/beta/pause"));
                        TimeUnit.MILLISECONDS.sleep(PAUSED_FOR.toMillis());
                        operate(cluster, random, api -> api.post("/api/v1/targets/beta/resume"));
                        nextPause = System.nanoTime() + PAUSE_EVERY.toNanos();
                    } else if (now - nextChange >= 0) {
                        changes++;
                        String limit = changes % 2 == 0 ? "16" : "8";
                        operate(cluster, random, api -> api.put("/api/v1/targets/alpha", "{\"url\":\"" + alpha.url()
                                + "\",\"retry_schedule_s\":[1,2,5],\"max_in_flight\":" + limit + "}"));
                        nextChange = System.nanoTime() + CHANGE_EVERY.toNanos();
                    } else {
                        TimeUnit.MILLISECONDS.sleep(200);
                    }
                }
            }
            try (RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
                try {
                    Await.until("no pending or running intent", DRAIN_PATIENCE, () -> database.unfinishedIntents() == 0);
                } catch (AssertionError notDrained) {
                    throw new AssertionError(notDrained.getMessage() + "; pending " + database.countIn("pending") + ", running "
                            + database.countIn("running") + ", of " + database.deliveries().size() + " deliveries; faults " + faults,
                            notDrained);
                }
                List<Receipt> receipts = Receipt.allOf(receivers, ClusterSoakIT::statusFor);
                List<Refusal> refusals = load.refusals();
                Map<String, Long> explained = duplicatesExplained(receipts, faults, networks);
                System.out.printf("[figures] ClusterSoakIT events sent=%d acknowledged=%d refused 503=%d unanswered (killed node)=%d"
                                + " deliveries received=%d answered 500=%d duplicates=%d by fault=%s faults=%s restart->listening ms=%s%n",
                        load.sent(), load.acknowledgedCount(),
                        refusals.stream().filter(refusal -> refusal.status().orElse(0) == 503).count(),
                        refusals.stream().filter(refusal -> !refusal.answered()).count(), receipts.size(),
                        receipts.stream().filter(receipt -> receipt.answeredStatus() == 500).count(),
                        DeliveryAudit.countDuplicates(receipts), explained,
                        faults.stream().map(fault -> fault.kind() + (fault.node() < 0 ? "" : " " + fault.node())).toList(),
                        restartToListening.stream().map(Duration::toMillis).toList());

                assertThat(faults).extracting(Fault::kind).contains("kill", "postgres restart", "cut off");
                assertThat(refusals).as("answers other than 202 or 503 with Retry-After")
                        .filteredOn(Refusal::answered)
                        .allMatch(refusal -> refusal.status().orElse(0) == 503 && refusal.retryAfter());
                DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), receipts, TARGETS, database,
                        (earlier, later) -> faults.stream().anyMatch(fault -> fault.explains(earlier, networks)));
            }
        }
    }

    /**
     * An operator's call through a node chosen at random, asked again (of another, perhaps) while the answer is
     * {@code 503}: just after a fault, the database may still be coming back.
     */
    private static void operate(RelayCluster cluster, Random random, Function<ApiClient, ApiResponse> call) throws InterruptedException {
        AtomicReference<ApiResponse> last = new AtomicReference<>();
        Await.until("an operator's call answered 200", Duration.ofSeconds(30), () -> {
            last.set(call.apply(cluster.api(random.nextInt(cluster.size()))));
            return last.get().status() != 503;
        });
        last.get().expect(200);
    }

    /** What a receiver answers: {@code 500} to the first attempt of each fourth delivery, else {@code 200}. */
    private static int statusFor(Receiver.Request request) {
        String delivery = request.header("x-hookrelay-delivery-id").orElse("");
        return Receipt.attemptOf(request) == 1 && Math.floorMod(delivery.hashCode(), 4) == 0 ? 500 : 200;
    }

    /** Of the deliveries that succeeded twice, how many each kind of fault explains. */
    private static Map<String, Long> duplicatesExplained(List<Receipt> receipts, List<Fault> faults, NodeNetworks networks) {
        Map<String, List<Receipt>> successes = receipts.stream().filter(Receipt::succeeded)
                .collect(Collectors.groupingBy(Receipt::deliveryId));
        return successes.values().stream().filter(twice -> twice.size() > 1)
                .map(twice -> faults.stream().filter(fault -> fault.explains(twice.get(0), networks)).map(Fault::kind)
                        .findFirst().orElse("none"))
                .collect(Collectors.groupingBy(kind -> kind, Collectors.counting()));
    }

    /** {@code pg_ctlcluster restart} of the local server, as CI runs it, fast: open sessions are ended. */
    private static void restartPostgres() throws IOException, InterruptedException {
        String version;
        try (Stream<Path> versions = Files.list(Path.of("/etc/postgresql"))) {
            version = versions.map(path -> path.getFileName().toString()).max(Comparator.naturalOrder())
                    .orElseThrow(() -> new IllegalStateException("no PostgreSQL cluster under /etc/postgresql"));
        }
        Process restart = new ProcessBuilder("pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart", "-m", "fast")
                .redirectErrorStream(true).start();
        String output = new String(restart.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!restart.waitFor(60, TimeUnit.SECONDS) || restart.exitValue() != 0) {
            throw new IllegalStateException("restarting PostgreSQL failed: " + output);
        }
    }
}
