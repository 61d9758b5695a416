package io.hookrelay.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * End to end, sustained: webhooks offered at a fixed rate ({@link Wrk#paced}) to a source routed to a
 * {@link StampingReceiver}, the rate stepped up until deliveries stop keeping pace. A step keeps pace when the relay
 * accepted what was offered and the receiver got what was accepted, each within {@link #PACE}, over the step: a
 * relay that delivers slower than it accepts falls behind by the difference, and the rest waits as a backlog.
 *
 * <p>First the whole path is warmed at a fixed rate, unmeasured: ingest load alone leaves the delivery path to be
 * compiled during the measurement. Between steps the receiver is let catch up with everything accepted, so each step
 * starts without a backlog. Then, when asked, the first seconds after a large write: {@code storedBefore} more events
 * stored as fast as they are acknowledged, through a source with no route (a large database and write-ahead log, the
 * delivery path left as warm as the steps made it), and at once one step; from the highest rate kept down, a new
 * store before each, until one keeps pace or the rate is below two thirds of that highest.
 */
final class Sustained {
    /** Accepted within 2% of offered, and delivered within 2% of accepted. */
    static final double PACE = 0.98;
    static final String ROUTED = "/hooks/e2e";
    static final String UNROUTED = "/hooks/ingest";
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    /** One step: {@code offered} per second for the length of {@code run}, and what arrived by its end. */
    record Step(int offered, Wrk.Run run, StampingReceiver.Arrivals delivered) {
        double deliveredPerSecond() {
            return delivered.count() / run.seconds();
        }

        boolean keptPace() {
            return run.refused() == 0 && run.failed() == 0 && run.answered() >= PACE * offered * run.seconds()
                    && delivered.count() >= PACE * run.answered();
        }
    }

    /** A step that began as soon as {@code stored} more events had been stored. */
    record AfterStored(long stored, Step step) {
    }

    /**
     * @param ladder the steps after warm-up, the last the first that did not keep pace (unless the highest rate did)
     * @param afterStored highest rate first
     */
    record Result(List<Step> ladder, List<AfterStored> afterStored, int duplicates) {
        Optional<Step> highest() {
            return ladder.stream().filter(Step::keptPace).reduce((lower, higher) -> higher);
        }

        Optional<Step> highestAfterStored() {
            return afterStored.stream().map(AfterStored::step).filter(Step::keptPace).findFirst();
        }
    }

    private final List<Integer> ports;
    private final List<String> paths;
    private final StampingReceiver receiver;
    private final BenchSettings settings;
    private long nextNumber;
    private long accepted;

    private Sustained(List<Integer> ports, List<String> paths, StampingReceiver receiver, BenchSettings settings) {
        this.ports = List.copyOf(ports);
        this.paths = List.copyOf(paths);
        this.receiver = receiver;
        this.settings = settings;
    }

    /**
     * @param ports every node's, the load shared out over them
     * @param paths sources routed to {@code receiver}, the webhooks shared out over them in turn ({@link #ROUTED});
     *        the source {@code ingest} has no route
     * @param afterStored whether to measure the first seconds after a large write as well
     */
    static Result measure(List<Integer> ports, List<String> paths, StampingReceiver receiver, BenchSettings settings,
            boolean afterStored) throws Exception {
        Sustained sustained = new Sustained(ports, paths, receiver, settings);
        sustained.offer(settings.warmingRate(), settings.pacedWarmup());
        List<Step> ladder = sustained.ladder();
        List<AfterStored> afterWrite = afterStored ? sustained.afterStored(ladder) : List.of();
        return new Result(ladder, afterWrite, receiver.duplicates());
    }

    private List<Step> ladder() throws Exception {
        List<Step> ladder = new ArrayList<>();
        for (int rate = settings.firstRate(); rate <= settings.highestRate(); rate += settings.rateStep()) {
            Step step = offer(rate, settings.stepEach());
            ladder.add(step);
            if (!step.keptPace()) {
                break;
            }
        }
        return ladder;
    }

    private List<AfterStored> afterStored(List<Step> ladder) throws Exception {
        int highest = ladder.stream().filter(Step::keptPace).mapToInt(Step::offered).max().orElse(settings.firstRate());
        List<AfterStored> steps = new ArrayList<>();
        for (int rate = highest; rate > 0; rate -= settings.rateStep()) {
            long stored = IngestLoad.store(ports, UNROUTED, settings.storedBefore(), settings.mostClients());
            Step step = offer(rate, settings.stepEach());
            steps.add(new AfterStored(stored, step));
            if (step.keptPace() || 3 * rate < 2 * highest) {
                break;
            }
        }
        return steps;
    }

    /** One step at {@code rate}; returns once the receiver has everything the relay accepted. */
    private Step offer(int rate, Duration duration) throws Exception {
        Wrk.Run run = Wrk.paced(ports, paths, IngestLoad.BODY, settings.pacedConnections(), rate, nextNumber, duration);
        nextNumber = run.endNumber();
        accepted += run.answered();
        Step step = new Step(rate, run, receiver.arrivals(run.firstNumber(), run.endNumber(), run.endedMicros()));
        if (!receiver.awaitReceived(accepted, PATIENCE)) {
            throw new IllegalStateException("accepted events were not all delivered within " + PATIENCE);
        }
        return step;
    }
}
