package io.hookrelay.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Several nodes of the real jar serving one PostgreSQL database, as an operator runs them behind a load
 * balancer: each a child process on a port of its own, all with the same admin token and secret key from
 * the environment and no data directory (everything is in the database). A node can be killed (SIGKILL), stopped (SIGTERM) and started again; the cluster keeps when each kill happened and
 * what every process printed.
 */
public final class RelayCluster implements AutoCloseable {
    public static final String ADMIN_TOKEN = "it-cluster-admin-token-0123456789abcdef";
    private static final String SECRET_KEY = Base64.getEncoder().encodeToString(
            "it-cluster-secret-key-32-bytes!!".getBytes(StandardCharsets.US_ASCII));

    /** Debian's {@code faketime} package; the multi-threaded build, as a JVM needs. */
    private static final Path LIBFAKETIME = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1");

    private final String databaseUrl;
    private final List<String> options;
    private final List<Duration> clockOffsets;
    private final Optional<NodeNetworks> networks;
    private final List<Node> nodes = new ArrayList<>();
    private final List<Kill> kills = new ArrayList<>();
    private final List<Output> outputOfEnded = new ArrayList<>();

    /**
     * One SIGKILL of {@code node}: sent at {@code signalledAtNanos}, the process gone at {@code goneAtNanos}
     * ({@link System#nanoTime()}). A request that arrived before it was gone may have come from the killed
     * process; one that arrived after the signal may be another node's retake.
     */
    public record Kill(int node, long signalledAtNanos, long goneAtNanos) {
        public boolean separates(Receipt earlier, Receipt later) {
            return earlier.arrivedAtNanos() < goneAtNanos && later.arrivedAtNanos() > signalledAtNanos;
        }
    }

    /** What one process of {@code node} printed. */
    public record Output(int node, List<String> stdoutLines, List<String> stderrLines) {
        public Output {
            stdoutLines = List.copyOf(stdoutLines);
            stderrLines = List.copyOf(stderrLines);
        }
    }

    private static final class Node {
        private HookrelayProcess process;
        private URI uri;
    }

    private RelayCluster(String databaseUrl, List<String> options, List<Duration> clockOffsets, Optional<NodeNetworks> networks) {
        this.databaseUrl = databaseUrl;
        this.options = List.copyOf(options);
        this.clockOffsets = List.copyOf(clockOffsets);
        this.networks = networks;
    }

    /**
     * Starts {@code size} nodes on {@code databaseUrl} ({@code postgresql://…}) together, as a deployment
     * does, with {@code options} for {@code serve}, and returns once every one listens.
     */
    public static RelayCluster start(int size, String databaseUrl, String... options) throws IOException, InterruptedException {
        return startWithClocks(Collections.nCopies(size, Duration.ZERO), databaseUrl, options);
    }

    /**
     * As {@link #start}, a node for each of {@code clockOffsets}: one not zero runs under libfaketime, its wall clock
     * (and every clock the JVM reads) that far from this machine's.
     *
     * @throws IllegalStateException when libfaketime is not installed (Debian's {@code faketime} package)
     */
    public static RelayCluster startWithClocks(List<Duration> clockOffsets, String databaseUrl, String... options)
            throws IOException, InterruptedException {
        if (clockOffsets.stream().anyMatch(offset -> !offset.isZero()) && !Files.isReadable(LIBFAKETIME)) {
            throw new IllegalStateException(LIBFAKETIME + " is missing: install Debian's faketime package (.ci/run does)");
        }
        return started(new RelayCluster(databaseUrl, List.of(options), clockOffsets, Optional.empty()));
    }

    /**
     * As {@link #start}, a node in each of {@code networks}' namespaces, listening on its address there and reaching
     * the database, {@code databaseUrl} as this machine reaches it, through its veth pair.
     */
    public static RelayCluster startInNamespaces(NodeNetworks networks, String databaseUrl, String... options)
            throws IOException, InterruptedException {
        return started(new RelayCluster(NodeNetworks.asReachedFromNodes(databaseUrl), List.of(options),
                Collections.nCopies(networks.size(), Duration.ZERO), Optional.of(networks)));
    }

    private static RelayCluster started(RelayCluster cluster) throws IOException, InterruptedException {
        int size = cluster.clockOffsets.size();
        try {
            for (int node = 0; node < size; node++) {
                cluster.nodes.add(new Node());
                cluster.launch(node);
            }
            for (int node = 0; node < size; node++) {
                cluster.awaitListening(node);
            }
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    public int size() {
        return nodes.size();
    }

    /** Where {@code node} listens; it must be up. */
    public URI uri(int node) {
        Node it = nodes.get(node);
        if (it.process == null) {
            throw new IllegalStateException("node " + node + " is down");
        }
        return it.uri;
    }

    /** A client of {@code node}'s API with the admin token. */
    public ApiClient api(int node) {
        return new ApiClient(uri(node), Optional.of(ADMIN_TOKEN));
    }

    public boolean isUp(int node) {
        Node it = nodes.get(node);
        return it.process != null && it.process.isAlive();
    }

    /** SIGKILL to {@code node}; returns once the process is gone. */
    public Kill kill(int node) throws InterruptedException {
        long signalledAt = System.nanoTime();
        nodes.get(node).process.kill();
        Kill kill = new Kill(node, signalledAt, System.nanoTime());
        kills.add(kill);
        ended(node);
        return kill;
    }

    /** SIGTERM to {@code node}, as an operator stops it; returns its exit code. */
    public int terminate(int node) throws InterruptedException {
        HookrelayProcess process = nodes.get(node).process;
        process.terminate();
        int exitCode = process.awaitExit();
        ended(node);
        return exitCode;
    }

    /** Starts {@code node} again after a kill or a stop; returns where it listens now. */
    public URI restart(int node) throws IOException, InterruptedException {
        if (nodes.get(node).process != null) {
            throw new IllegalStateException("node " + node + " is still running");
        }
        launch(node);
        return awaitListening(node);
    }

    public List<Kill> kills() {
        return List.copyOf(kills);
    }

    /** What every process has printed: those that ended, then those still running. */
    public List<Output> outputs() {
        List<Output> outputs = new ArrayList<>(outputOfEnded);
        for (int node = 0; node < nodes.size(); node++) {
            HookrelayProcess process = nodes.get(node).process;
            if (process != null) {
                outputs.add(new Output(node, process.stdoutLines(), process.stderrLines()));
            }
        }
        return outputs;
    }

    /** Nothing on standard error and no line logged at ERROR level by any process, however it ended. */
    public void assertNoErrorsPrinted() {
        for (Output output : outputs()) {
            assertThat(output.stderrLines()).as("standard error of a process of node %d", output.node()).isEmpty();
            assertThat(output.stdoutLines()).as("lines logged at ERROR by a process of node %d", output.node())
                    .filteredOn(line -> line.contains(" ERROR "))
                    .isEmpty();
        }
    }

    /** The lines every process of {@code node} logged at ERROR level, each with the line after it (the exception, if any). */
    public List<String> errorLines(int node) {
        List<String> errors = new ArrayList<>();
        for (Output output : outputs()) {
            List<String> lines = output.stdoutLines();
            for (int i = 0; output.node() == node && i < lines.size(); i++) {
                if (lines.get(i).contains(" ERROR ")) {
                    errors.add(lines.get(i) + (i + 1 < lines.size() ? " / " + lines.get(i + 1) : ""));
                }
            }
        }
        return errors;
    }

    /** A source without verification that takes the event type from the body's {@code /type}, made through node 0. */
    public void createPlainSource(String id) {
        api(0).post("/api/v1/sources", "{\"id\":\"" + id + "\",\"event_type\":{\"json_pointer\":\"/type\"}}").expect(201);
    }

    /** The target and a route to it from {@code sourceId} for every event, made through node 0. */
    public void createRoutedTarget(String sourceId, NewTarget target) {
        api(0).post("/api/v1/targets", target.json()).expect(201);
        api(0).post("/api/v1/routes", Json.write(Map.of("source", sourceId, "target", target.id(), "event_types", List.of())))
                .expect(201);
    }

    /**
     * When the attempt that sent {@code request} started, from its delivery's attempt log, as the node that made it
     * saw it: a request's arrival also waits on the receiver's JVM, which shares the cores with every node.
     */
    public Instant attemptStarted(Receiver.Request request) {
        String deliveryId = request.header("x-hookrelay-delivery-id").orElseThrow();
        int attempt = Integer.parseInt(request.header("x-hookrelay-attempt").orElseThrow());
        JsonNode delivery = api(0).get("/api/v1/deliveries/" + deliveryId).expect(200);
        for (JsonNode logged : delivery.path("attempt_log")) {
            if (logged.path("attempt").asInt() == attempt) {
                return Instant.parse(logged.path("started_at").asText());
            }
        }
        throw new AssertionError("delivery " + deliveryId + " logged no attempt " + attempt);
    }

    @Override
    public void close() {
        for (Node node : nodes) {
            if (node.process != null) {
                node.process.close();
            }
        }
    }

    private void launch(int node) throws IOException {
        Node it = nodes.get(node);
        List<String> arguments = new ArrayList<>(List.of("serve", "--database", databaseUrl, "--port", "0"));
        networks.ifPresent(inNamespaces -> arguments.addAll(List.of("--host", inNamespaces.address(node))));
        arguments.addAll(options);
        Map<String, String> environment = new HashMap<>(Map.of("HOOKRELAY_ADMIN_TOKEN", ADMIN_TOKEN, "HOOKRELAY_SECRET_KEY", SECRET_KEY));
        Duration offset = clockOffsets.get(node);
        if (!offset.isZero()) {
            environment.put("LD_PRELOAD", LIBFAKETIME.toString());
            environment.put("FAKETIME", (offset.isNegative() ? "-" : "+") + offset.abs().toSeconds() + "s");
        }
        List<String> launcher = networks.map(inNamespaces -> inNamespaces.launcher(node)).orElse(List.of());
        it.process = HookrelayProcess.startWithLauncher(launcher, environment, arguments.toArray(String[]::new));
        it.uri = null;
    }

    private URI awaitListening(int node) throws InterruptedException {
        Node it = nodes.get(node);
        String host = networks.map(inNamespaces -> inNamespaces.address(node)).orElse("127.0.0.1");
        it.uri = URI.create("http://" + host + ":" + it.process.awaitPort());
        return it.uri;
    }

    private void ended(int node) {
        Node it = nodes.get(node);
        outputOfEnded.add(new Output(node, it.process.stdoutLines(), it.process.stderrLines()));
        it.process.close();
        it.process = null;
        it.uri = null;
    }
}
