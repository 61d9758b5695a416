package io.hookrelay.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Providers posting webhooks as fast as they are acknowledged: {@code wrk}'s connections, each sending its next
 * request as soon as the last is answered. The figures are answers per second and the time from writing a request
 * to reading its answer, which covers the durable commit: the relay answers only after it.
 */
final class IngestLoad {
    /** A body of a typical size for a provider's event notification. */
    static final String BODY = "{\"type\":\"invoice.paid\",\"data\":{\"id\":\"in_1\",\"amount\":4200,\"currency\":\"eur\","
            + "\"customer\":\"cus_0123456789\",\"lines\":[" + "{\"sku\":\"plan-pro\",\"quantity\":1},".repeat(8)
            + "{\"sku\":\"seat\",\"quantity\":3}]}}";
    /**
     * Runs of each measurement, the fastest reported: on a machine shared with other work, one run in a few is slowed
     * by something else, and the do-nothing server's figure moves the most.
     */
    static final int RUNS = 2;
    /** The longest run of a large write, in seconds: a slow first second must not make the next run last minutes. */
    private static final long LONGEST_STORE = 10;

    private IngestLoad() {
    }

    /** Every run of one measurement, in the order they ran. */
    record Runs(List<Wrk.Run> runs) {
        Runs {
            runs = List.copyOf(runs);
        }

        Wrk.Run fastest() {
            return runs.stream().max(Comparator.comparingDouble(Wrk.Run::perSecond)).orElseThrow();
        }

        /** Each run's rate, in the order they ran. */
        String rates() {
            return runs.stream().map(run -> BenchReport.number(run.perSecond())).collect(Collectors.joining(" / "));
        }
    }

    /** {@value #RUNS} runs of {@code duration} against {@code paths} of the nodes on {@code ports}, every request accepted. */
    static Runs measure(List<Integer> ports, List<String> paths, int connections, Duration duration) throws Exception {
        List<Wrk.Run> runs = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            runs.add(Wrk.asFastAsAnswered(ports, paths, BODY, connections, duration).allAccepted());
        }
        return new Runs(runs);
    }

    /**
     * Loads the server without measuring, so that the figures after it are of compiled code: on two cores, a fresh
     * JVM's JIT compiler takes half a minute of load before the relay's throughput settles.
     */
    static void warm(List<Integer> ports, List<String> paths, int connections, Duration duration) throws Exception {
        Wrk.asFastAsAnswered(ports, paths, BODY, connections, duration).allAccepted();
    }

    /**
     * At least {@code count} events through {@code path}, as fast as {@code connections} get them acknowledged: in runs
     * of one to {@link #LONGEST_STORE} seconds, each sized for half of what is left at the rate of the run before, so
     * the rate may double from one run to the next without overshooting.
     *
     * @return how many were stored
     */
    static long store(List<Integer> ports, String path, long count, int connections) throws Exception {
        long done = 0;
        long seconds = 1;
        while (done < count) {
            Wrk.Run run = Wrk.asFastAsAnswered(ports, List.of(path), BODY, connections, Duration.ofSeconds(seconds)).allAccepted();
            done += run.answered();
            seconds = Math.max(1, Math.min(LONGEST_STORE, (long) ((count - done) / run.perSecond() / 2)));
        }
        return done;
    }
}
