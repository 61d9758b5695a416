package io.hookrelay.app;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * Makes SIGTERM and SIGINT an orderly stop that ends with exit code 0. Left to the JVM, they start its
 * shutdown sequence and the process exits 143 or 130 whatever the shutdown hooks do, so a supervisor
 * could not tell a clean stop from a crash. {@code sun.misc.Signal} is the JDK's supported way
 * (module {@code jdk.unsupported}) to take a signal over.
 */
final class TerminationSignals {
    private static final Logger log = LoggerFactory.getLogger(TerminationSignals.class);
    private static final List<String> NAMES = List.of("TERM", "INT");

    private TerminationSignals() {
    }

    /**
     * Runs {@code stop} on a JVM signal thread when one of the signals arrives. Where a signal cannot be
     * taken over (a JVM started with {@code -Xrs}), it keeps its default and the shutdown hook stops the
     * server instead.
     */
    static void onTermination(Runnable stop) {
        for (String name : NAMES) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    log.info("received SIG{}; shutting down", signal.getName());
                    stop.run();
                });
            } catch (IllegalArgumentException unavailable) {
                log.debug("SIG{} keeps its default handling: {}", name, unavailable.getMessage());
            }
        }
    }
}
