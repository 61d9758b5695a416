package io.hookrelay.it.durability;

import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The real jar on one data directory, killed with SIGKILL and started again as often as a test likes, each
 * time on a new port. It keeps when each kill happened, what every process printed, and how long each
 * restart took to listen and then to deliver again.
 */
final class RestartingServer implements AutoCloseable {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final Path dataDir;
    private final List<String> options;
    private final List<Receiver> receivers;
    private final List<Kill> kills = new ArrayList<>();
    private final List<Restart> restarts = new ArrayList<>();
    private final List<Output> outputOfEnded = new ArrayList<>();
    private HookrelayProcess current;
    private long startedAtNanos;
    private long listeningAtNanos;
    private List<Integer> requestCountsAtStart = List.of();

    /**
     * One SIGKILL: sent at {@code signalledAtNanos}; the next process was started at {@code replacedAtNanos}.
     * A request that arrived before the replacement started may have been sent by the killed process; one
     * that arrived after the signal may come from the next.
     */
    record Kill(long signalledAtNanos, long replacedAtNanos) {
        boolean separates(Receipt earlier, Receipt later) {
            return earlier.arrivedAtNanos() < replacedAtNanos && later.arrivedAtNanos() > signalledAtNanos;
        }
    }

    /** What one process printed. */
    record Output(List<String> stdoutLines, List<String> stderrLines) {
        Output {
            stdoutLines = List.copyOf(stdoutLines);
            stderrLines = List.copyOf(stderrLines);
        }
    }

    /** How long a restart took from starting the process to its "listening" line, and from there to its first delivery. */
    record Restart(Duration toListening, Duration listeningToFirstDelivery) {
    }

    /** @param receivers where the server's targets deliver: its first delivery after a restart arrives at one of them */
    RestartingServer(Path dataDir, List<String> options, List<Receiver> receivers) {
        this.dataDir = dataDir;
        this.options = List.copyOf(options);
        this.receivers = List.copyOf(receivers);
    }

    /** Starts the first process and returns where it listens. */
    URI start() throws IOException, InterruptedException {
        if (current != null) {
            throw new IllegalStateException("already running; kill it first");
        }
        requestCountsAtStart = receivers.stream().map(Receiver::requestCount).toList();
        startedAtNanos = System.nanoTime();
        current = HookrelayProcess.serve(dataDir, options.toArray(String[]::new));
        int port = current.awaitPort();
        listeningAtNanos = System.nanoTime();
        return URI.create("http://127.0.0.1:" + port);
    }

    /**
     * Waits for the first request any receiver gets from the process started last, and records the restart's
     * times if that process replaced a killed one.
     */
    void awaitFirstDelivery() throws InterruptedException {
        Await.until("a first delivery from the server started last", PATIENCE, this::deliveredSinceStart);
        long firstArrival = firstArrivalSinceStart();
        if (kills.size() > restarts.size()) {
            restarts.add(new Restart(Duration.ofNanos(listeningAtNanos - startedAtNanos),
                    Duration.ofNanos(firstArrival - listeningAtNanos)));
        }
    }

    /** SIGKILL, then a new process on the same data directory; returns where the new one listens. */
    URI killAndRestart() throws IOException, InterruptedException {
        long signalledAt = System.nanoTime();
        current.kill();
        endCurrent();
        long replacedAt = System.nanoTime();
        kills.add(new Kill(signalledAt, replacedAt));
        return start();
    }

    /** SIGTERM, as an operator stops the service; returns the exit code. */
    int terminate() throws InterruptedException {
        current.terminate();
        int exitCode = current.awaitExit();
        endCurrent();
        return exitCode;
    }

    List<Kill> kills() {
        return List.copyOf(kills);
    }

    List<Restart> restarts() {
        return List.copyOf(restarts);
    }

    /** Whether one of the kills came between two receipts. */
    boolean killBetween(Receipt earlier, Receipt later) {
        return kills.stream().anyMatch(kill -> kill.separates(earlier, later));
    }

    /** The standard output and error of every process that has ended, one entry each. */
    List<Output> outputOfEnded() {
        return List.copyOf(outputOfEnded);
    }

    /** The longest of the restarts by {@code measure}, zero when there were none. */
    Duration longest(Function<Restart, Duration> measure) {
        return restarts.stream().map(measure).max(Comparator.naturalOrder()).orElse(Duration.ZERO);
    }

    @Override
    public void close() {
        if (current != null) {
            current.close();
        }
    }

    private boolean deliveredSinceStart() {
        for (int i = 0; i < receivers.size(); i++) {
            if (receivers.get(i).requestCount() > requestCountsAtStart.get(i)) {
                return true;
            }
        }
        return false;
    }

    private long firstArrivalSinceStart() {
        long first = Long.MAX_VALUE;
        for (int i = 0; i < receivers.size(); i++) {
            List<Receiver.Request> requests = receivers.get(i).requests();
            Optional<Long> arrival = requests.stream().skip(requestCountsAtStart.get(i))
                    .map(Receiver.Request::arrivedAtNanos).min(Comparator.naturalOrder());
            if (arrival.isPresent()) {
                first = Math.min(first, arrival.get());
            }
        }
        return first;
    }

    private void endCurrent() {
        outputOfEnded.add(new Output(current.stdoutLines(), current.stderrLines()));
        current.close();
        current = null;
    }
}
