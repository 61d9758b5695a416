package io.hookrelay.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace for each node of a cluster, joined to this machine by a veth pair, so that a test can cut,
 * or make lossy, what passes between one node and the database with {@code iptables} in that node's namespace:
 * real packets dropped, as a switch or a firewall drops them, rather than a proxy closing connections.
 *
 * <p>Node {@code i} has {@code 10.77.(i+1).2}, this machine's end of its pair {@code 10.77.(i+1).1}. Every node
 * reaches this machine at {@link #HOST}, an address on its loopback: the test's receivers listen there, and
 * PostgreSQL, which listens on {@code 127.0.0.1}, is reached there through a DNAT rule (with
 * {@code route_localnet} on the pairs, and the source rewritten to {@code 127.0.0.1} so its usual trust rule
 * admits the nodes). Needs root, {@code ip} and {@code iptables}, as CI has; elsewhere run the tests with
 * {@code sudo -E mvn …}. Setting up fails, never skips, without them.
 */
public final class NodeNetworks implements AutoCloseable {
    /** This machine, as every node's namespace reaches it. */
    public static final String HOST = "10.77.0.1";
    private static final String CHAIN = "HOOKRELAY_IT";
    private static final int DATABASE_PORT = 5432;

    private final int nodes;
    private final Map<Integer, Delayer> delayers = new ConcurrentHashMap<>();

    private NodeNetworks(int nodes) {
        this.nodes = nodes;
    }

    /**
     * Makes {@code nodes} namespaces, removing what an earlier run that died left behind.
     *
     * @param databaseUrl the {@code postgresql://…} URL the test database is reached by here; it must be on
     *                    this machine's {@code 127.0.0.1}
     */
    public static NodeNetworks create(int nodes, String databaseUrl) {
        URI database = URI.create(databaseUrl);
        if (!"127.0.0.1".equals(database.getHost()) || database.getPort() != DATABASE_PORT) {
            throw new IllegalStateException("the partition tests need PostgreSQL on 127.0.0.1:" + DATABASE_PORT
                    + " (the local server .ci/run starts), not " + database.getHost() + ":" + database.getPort());
        }
        NodeNetworks networks = new NodeNetworks(nodes);
        networks.removeLeftovers();
        try {
            networks.build();
            return networks;
        } catch (RuntimeException e) {
            networks.close();
            throw e;
        }
    }

    /** {@code databaseUrl} as the nodes in the namespaces reach the same database. */
    public static String asReachedFromNodes(String databaseUrl) {
        return databaseUrl.replaceFirst("@127\\.0\\.0\\.1:", "@" + HOST + ":");
    }

    public int size() {
        return nodes;
    }

    /** How a command is run inside {@code node}'s namespace: this, then the command. */
    public List<String> launcher(int node) {
        return List.of("ip", "netns", "exec", namespace(node));
    }

    public String address(int node) {
        return "10.77." + (node + 1) + ".2";
    }

    /** Drops every packet between {@code node} and the database, both ways, until {@link #reconnect}. */
    public void cutFromDatabase(int node) {
        inNamespace(node, "iptables", "-I", "OUTPUT", "-p", "tcp", "-d", HOST, "--dport", "" + DATABASE_PORT, "-j", "DROP");
        inNamespace(node, "iptables", "-I", "INPUT", "-p", "tcp", "-s", HOST, "--sport", "" + DATABASE_PORT, "-j", "DROP");
    }

    /** Drops each packet between {@code node} and the database, either way, with {@code probability}. */
    public void loseDatabasePackets(int node, double probability) {
        String chance = String.format(Locale.ROOT, "%.4f", probability);
        inNamespace(node, "iptables", "-I", "OUTPUT", "-p", "tcp", "-d", HOST, "--dport", "" + DATABASE_PORT,
                "-m", "statistic", "--mode", "random", "--probability", chance, "-j", "DROP");
        inNamespace(node, "iptables", "-I", "INPUT", "-p", "tcp", "-s", HOST, "--sport", "" + DATABASE_PORT,
                "-m", "statistic", "--mode", "random", "--probability", chance, "-j", "DROP");
    }

    /**
     * Holds each packet {@code node} sends the database for {@code delay} plus or minus {@code jitter} (uniformly),
     * as {@code tc netem delay} would; CI's kernels have no {@code sch_netem}, so {@code delay_packets.py} holds them
     * in an {@code NFQUEUE}. Without that program running, those packets are dropped, never passed undelayed.
     */
    public void delayDatabasePackets(int node, Duration delay, Duration jitter) {
        try {
            Path script = Files.createTempFile("delay_packets", ".py");
            try (InputStream source = NodeNetworks.class.getResourceAsStream("delay_packets.py")) {
                Files.copy(source, script, StandardCopyOption.REPLACE_EXISTING);
            }
            Path output = Files.createTempFile("delay_packets", ".log");
            List<String> command = new ArrayList<>(launcher(node));
            command.addAll(List.of("python3", script.toString(), "" + node, "" + delay.toMillis(), "" + jitter.toMillis()));
            Process delayer = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            delayers.put(node, new Delayer(delayer, output));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!Files.readString(output).contains("bound queue")) {
                if (!delayer.isAlive() || System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("delay_packets.py did not bind its queue: " + Files.readString(output));
                }
                Thread.sleep(20);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting delay_packets.py", e);
        }
        inNamespace(node, "iptables", "-A", "OUTPUT", "-p", "tcp", "-d", HOST, "--dport", "" + DATABASE_PORT,
                "-j", "NFQUEUE", "--queue-num", "" + node);
    }

    /** How many packets of {@code node} the delay has let go so far, as its program last said. */
    public long delayedPackets(int node) {
        Delayer delayer = delayers.get(node);
        if (delayer == null) {
            return 0;
        }
        try {
            return Files.readAllLines(delayer.output()).stream().filter(line -> line.startsWith("released "))
                    .mapToLong(line -> Long.parseLong(line.substring("released ".length()))).max().orElse(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lifts every cut, loss and delay of {@code node}. */
    public void reconnect(int node) {
        inNamespace(node, "iptables", "-F", "OUTPUT");
        inNamespace(node, "iptables", "-F", "INPUT");
        Delayer delayer = delayers.remove(node);
        if (delayer != null) {
            delayer.process().destroy();
        }
    }

    @Override
    public void close() {
        delayers.values().forEach(delayer -> delayer.process().destroyForcibly());
        removeLeftovers();
    }

    private record Delayer(Process process, Path output) {
    }

    private void build() {
        run("ip", "addr", "replace", HOST + "/32", "dev", "lo");
        for (int node = 0; node < nodes; node++) {
            String outside = "hrh" + node;
            String inside = "hrn" + node;
            String subnet = "10.77." + (node + 1);
            run("ip", "netns", "add", namespace(node));
            run("ip", "link", "add", outside, "type", "veth", "peer", "name", inside);
            run("ip", "link", "set", inside, "netns", namespace(node));
            run("ip", "addr", "add", subnet + ".1/30", "dev", outside);
            run("ip", "link", "set", outside, "up");
            run("sysctl", "-qw", "net.ipv4.conf." + outside + ".route_localnet=1");
            inNamespace(node, "ip", "link", "set", "lo", "up");
            inNamespace(node, "ip", "addr", "add", subnet + ".2/30", "dev", inside);
            inNamespace(node, "ip", "link", "set", inside, "up");
            inNamespace(node, "ip", "route", "add", "default", "via", subnet + ".1");
        }
        run("iptables", "-t", "nat", "-N", CHAIN);
        run("iptables", "-t", "nat", "-A", CHAIN, "-i", "hrh+", "-p", "tcp", "-d", HOST, "--dport", "" + DATABASE_PORT,
                "-j", "DNAT", "--to-destination", "127.0.0.1:" + DATABASE_PORT);
        run("iptables", "-t", "nat", "-I", "PREROUTING", "-j", CHAIN);
        run("iptables", "-t", "nat", "-I", "INPUT", "-s", "10.77.0.0/16", "-d", "127.0.0.1", "-p", "tcp",
                "--dport", "" + DATABASE_PORT, "-j", "SNAT", "--to-source", "127.0.0.1");
    }

    private void removeLeftovers() {
        for (int node = 0; node < Math.max(nodes, 3); node++) {
            runIgnoringFailure("ip", "netns", "del", namespace(node));
            runIgnoringFailure("ip", "link", "del", "hrh" + node);
        }
        runIgnoringFailure("iptables", "-t", "nat", "-D", "PREROUTING", "-j", CHAIN);
        runIgnoringFailure("iptables", "-t", "nat", "-D", "INPUT", "-s", "10.77.0.0/16", "-d", "127.0.0.1", "-p", "tcp",
                "--dport", "" + DATABASE_PORT, "-j", "SNAT", "--to-source", "127.0.0.1");
        runIgnoringFailure("iptables", "-t", "nat", "-F", CHAIN);
        runIgnoringFailure("iptables", "-t", "nat", "-X", CHAIN);
        runIgnoringFailure("ip", "addr", "del", HOST + "/32", "dev", "lo");
    }

    private static String namespace(int node) {
        return "hookrelay-it-" + node;
    }

    private void inNamespace(int node, String... command) {
        List<String> full = new ArrayList<>(launcher(node));
        full.addAll(List.of(command));
        run(full.toArray(String[]::new));
    }

    private static void run(String... command) {
        Result result = execute(command);
        if (result.exitCode != 0) {
            throw new IllegalStateException("'" + String.join(" ", command) + "' failed with " + result.exitCode + ": "
                    + result.output.strip() + " (the partition tests need root, ip(8) and iptables(8), as CI has;"
                    + " elsewhere run them with sudo -E)");
        }
    }

    private static void runIgnoringFailure(String... command) {
        execute(command);
    }

    private record Result(int exitCode, String output) {
    }

    private static Result execute(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "timed out; " + output);
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
