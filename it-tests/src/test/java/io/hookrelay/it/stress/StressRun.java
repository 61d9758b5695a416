package io.hookrelay.it.stress;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.launcher.EngineFilter.includeEngines;
import static org.junit.platform.launcher.TagFilter.includeTags;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the timing-sensitive integration tests (those tagged {@value TimingSensitive#TAG}) over and over, each class
 * once per round, so that a test which fails one run in a few shows itself before it blocks a build. It ends with
 * one table, a row per test: runs, failures, and the first line of what each failure saw.
 *
 * <p>{@code mvn -Pstress -DskipTests verify} with {@code -Dstress.repeat=N} (rounds, default 10),
 * {@code -Dstress.tests=ClusterRateLimitIT,RateLimitIT} (simple names, default every tagged test) and
 * {@code -Dstress.busy-cores=1} (that many shell loops spinning beside the tests for as long as they run, as a
 * machine doing other work would).
 */
public final class StressRun {

    private StressRun() {
    }

    public static void main(String[] args) throws Exception {
        int repeat = Integer.getInteger("stress.repeat", 10);
        int busyCores = Integer.getInteger("stress.busy-cores", 0);
        Launcher launcher = LauncherFactory.create();
        List<Class<?>> tests = selected(launcher, System.getProperty("stress.tests", ""));
        Map<Class<?>, Tally> tallies = new LinkedHashMap<>();
        tests.forEach(test -> tallies.put(test, new Tally()));
        System.out.printf("[stress] %d rounds of %d tests with %d busy core(s): %s%n", repeat, tests.size(), busyCores,
                tests.stream().map(Class::getSimpleName).toList());
        try (BusyCores busy = BusyCores.start(busyCores)) {
            for (int round = 1; round <= repeat; round++) {
                for (Class<?> test : tests) {
                    Outcome outcome = runOnce(launcher, test);
                    tallies.get(test).add(outcome);
                    System.out.printf("[stress] round %d/%d %s: %s in %d s%n", round, repeat, test.getSimpleName(),
                            outcome.failure().map(failure -> "FAILED, " + failure).orElse("passed"), outcome.took().toSeconds());
                }
            }
        }
        System.out.println(table(tallies));
        // A test may leave a thread behind that would keep this JVM, and the build, from ending.
        System.exit(tallies.values().stream().anyMatch(tally -> !tally.failures.isEmpty()) ? 1 : 0);
    }

    /**
     * The tagged test classes, or those of them named; Jupiter's own, not a suite's selection of them, which would
     * run them twice.
     */
    private static List<Class<?>> selected(Launcher launcher, String names) {
        TestPlan plan = launcher.discover(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectPackage("io.hookrelay"))
                .filters(includeEngines("junit-jupiter"), includeTags(TimingSensitive.TAG))
                .build());
        List<Class<?>> tagged = new ArrayList<>();
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier child : plan.getChildren(root)) {
                child.getSource().filter(ClassSource.class::isInstance).map(ClassSource.class::cast)
                        .ifPresent(source -> tagged.add(source.getJavaClass()));
            }
        }
        if (names.isBlank()) {
            return tagged;
        }
        List<String> wanted = Arrays.stream(names.split(",")).map(String::trim).toList();
        List<Class<?>> chosen = tagged.stream().filter(test -> wanted.contains(test.getSimpleName())).toList();
        if (chosen.size() != wanted.size()) {
            throw new IllegalArgumentException("stress.tests names tests tagged " + TimingSensitive.TAG + ", some of "
                    + tagged.stream().map(Class::getSimpleName).toList() + ", not " + wanted);
        }
        return chosen;
    }

    private static Outcome runOnce(Launcher launcher, Class<?> test) {
        FirstFailure listener = new FirstFailure();
        long start = System.nanoTime();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(test)).build(), listener);
        Optional<String> failure = listener.ran ? listener.seen : Optional.of(listener.seen.orElse("no test ran"));
        return new Outcome(failure, Duration.ofNanos(System.nanoTime() - start));
    }

    static String table(Map<Class<?>, Tally> tallies) {
        StringBuilder table = new StringBuilder("| test | runs | failures | what the failures saw |\n|---|---|---|---|\n");
        tallies.forEach((test, tally) -> table.append("| ").append(test.getSimpleName()).append(" | ").append(tally.runs)
                .append(" | ").append(tally.failures.size()).append(" | ")
                .append(String.join("; ", tally.failures).replace("|", "\\|")).append(" |\n"));
        return table.toString();
    }

    /** One run of one class: its first failure, if any; a class in which no test ran has failed too. */
    record Outcome(Optional<String> failure, Duration took) {
    }

    static final class Tally {
        private int runs;
        private final List<String> failures = new ArrayList<>();

        void add(Outcome outcome) {
            runs++;
            outcome.failure().ifPresent(failures::add);
        }
    }

    /**
     * Keeps the first failure of a run, as the test method and the first line of what it threw, for the table; prints
     * each failure whole as it happens, since what a test saw is often below its first line.
     */
    private static final class FirstFailure implements TestExecutionListener {
        private Optional<String> seen = Optional.empty();
        private boolean ran;

        @Override
        public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
            if (identifier.isTest()) {
                ran = true;
            }
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                return;
            }
            System.out.println("[stress] " + identifier.getDisplayName() + " " + result.getStatus() + ":");
            result.getThrowable().ifPresent(thrown -> thrown.printStackTrace(System.out));
            if (seen.isEmpty()) {
                String thrown = result.getThrowable().map(StressRun::firstLine).orElse(result.getStatus().toString());
                seen = Optional.of(identifier.getDisplayName() + ": " + thrown);
            }
        }
    }

    private static String firstLine(Throwable thrown) {
        String message = String.valueOf(thrown.getMessage()).strip();
        int end = message.indexOf('\n');
        return thrown.getClass().getSimpleName() + " " + (end < 0 ? message : message.substring(0, end)).strip();
    }

    /** Shell loops, each keeping one core busy, for the machine under other load; none when asked for none. */
    private static final class BusyCores implements AutoCloseable {
        private final List<Process> loops;

        private BusyCores(List<Process> loops) {
            this.loops = loops;
        }

        /** The loops end with this JVM, however it ends, short of SIGKILL. */
        static BusyCores start(int cores) throws IOException {
            List<Process> loops = new ArrayList<>();
            for (int i = 0; i < cores; i++) {
                loops.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            BusyCores busy = new BusyCores(loops);
            Runtime.getRuntime().addShutdownHook(new Thread(busy::close));
            return busy;
        }

        @Override
        public void close() {
            loops.forEach(Process::destroyForcibly);
        }
    }
}
