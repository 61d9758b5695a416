package io.hookrelay.it.cluster;

import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Acknowledged;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Webhook providers spread over every node of a cluster, as a load balancer spreads them: one
 * {@link WebhookLoad} per node, each of which a test can point at another node while its own is down.
 */
final class ClusterLoad implements AutoCloseable {
    static final Duration DRAIN_PATIENCE = Duration.ofSeconds(60);

    private final List<WebhookLoad> loads;

    private ClusterLoad(List<WebhookLoad> loads) {
        this.loads = List.copyOf(loads);
    }

    /** {@code clientsPerNode} providers posting to {@code source} on each node, pausing {@code pace} after each answer. */
    static ClusterLoad start(RelayCluster cluster, String source, int clientsPerNode, Duration pace) {
        List<WebhookLoad> loads = new ArrayList<>();
        for (int node = 0; node < cluster.size(); node++) {
            loads.add(WebhookLoad.start(cluster.uri(node), source, clientsPerNode, pace, 64));
        }
        return new ClusterLoad(loads);
    }

    /** The providers that were first given {@code node}. */
    WebhookLoad of(int node) {
        return loads.get(node);
    }

    /** Sends the providers first given {@code node} to {@code relay} from now on. */
    void pointAt(int node, URI relay) {
        loads.get(node).pointAt(relay);
    }

    int sent() {
        return loads.stream().mapToInt(WebhookLoad::sent).sum();
    }

    int acknowledgedCount() {
        return loads.stream().mapToInt(WebhookLoad::acknowledgedCount).sum();
    }

    List<Acknowledged> acknowledged() {
        return loads.stream().flatMap(load -> load.acknowledged().stream()).toList();
    }

    List<Refusal> refusals() {
        return loads.stream().flatMap(load -> load.refusals().stream()).toList();
    }

    /** Waits until the providers first given {@code node} have had {@code more} events acknowledged beyond {@code before}. */
    void awaitAcknowledged(int node, int before, int more) throws InterruptedException {
        Await.until(more + " more events acknowledged for the providers of node " + node, DRAIN_PATIENCE,
                () -> loads.get(node).acknowledgedCount() >= before + more);
    }

    /** Waits until no intent is pending or running. */
    static void awaitDrained(RelayDatabase database) throws InterruptedException {
        Await.until("no pending or running intent", DRAIN_PATIENCE, () -> database.unfinishedIntents() == 0);
    }

    /** Every request the receivers got, oldest first, each answered with {@code status}. */
    static List<Receipt> receipts(Map<String, Receiver> receiversByTarget, int status) {
        return Receipt.allOf(receiversByTarget, request -> status);
    }

    /** Stops every provider and waits for the posts in flight. */
    @Override
    public void close() throws InterruptedException {
        for (WebhookLoad load : loads) {
            load.close();
        }
    }
}
