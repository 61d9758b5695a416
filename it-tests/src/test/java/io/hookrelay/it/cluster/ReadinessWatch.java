package io.hookrelay.it.cluster;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.RelayCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;

/** Asks every node of a cluster for {@code /readyz} every {@link #EVERY}, and keeps what each answered when. */
final class ReadinessWatch implements AutoCloseable {
    static final Duration EVERY = Duration.ofMillis(200);

    /** One answer of {@code node}: its status, or 0 when none came. */
    record Answer(int node, long atNanos, int status) {
        boolean ready() {
            return status == 200;
        }
    }

    private final List<Answer> answers = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    private ReadinessWatch() {
    }

    static ReadinessWatch start(RelayCluster cluster) {
        ReadinessWatch watch = new ReadinessWatch();
        for (int node = 0; node < cluster.size(); node++) {
            ApiClient api = cluster.api(node).onConnectionsOfItsOwn();
            int which = node;
            Thread thread = new Thread(() -> watch.ask(which, api), "readiness-of-node-" + node);
            thread.setDaemon(true);
            watch.threads.add(thread);
            thread.start();
        }
        return watch;
    }

    /** When {@code node} first answered with readiness {@code ready} after {@code sinceNanos}, if it did. */
    OptionalLong firstAfter(int node, long sinceNanos, boolean ready) {
        return answers.stream()
                .filter(answer -> answer.node() == node && answer.atNanos() - sinceNanos > 0 && answer.ready() == ready)
                .mapToLong(Answer::atNanos)
                .min();
    }

    private void ask(int node, ApiClient api) {
        while (!stopped) {
            int status;
            try {
                status = api.get("/readyz").status();
            } catch (RuntimeException noAnswer) {
                status = 0;
            }
            answers.add(new Answer(node, System.nanoTime(), status));
            try {
                Thread.sleep(EVERY.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.interrupt();
            thread.join();
        }
    }
}
