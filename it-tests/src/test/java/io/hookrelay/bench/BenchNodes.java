package io.hookrelay.bench;

import io.hookrelay.delivery.signing.SecretCipher;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Relay nodes, each the packaged jar in a process of its own, sharing one PostgreSQL database, as a cluster
 * behind a load balancer runs. Load is spread over their ports; the API is called on the first, and the
 * others see what it changes through the database.
 */
final class BenchNodes implements AutoCloseable {
    private final List<BenchRelay> nodes;

    private BenchNodes(List<BenchRelay> nodes) {
        this.nodes = List.copyOf(nodes);
    }

    static BenchNodes start(PostgresBenchDatabase database, int count) throws Exception {
        SecureRandom random = new SecureRandom();
        byte[] token = new byte[24];
        random.nextBytes(token);
        String adminToken = HexFormat.of().formatHex(token);
        String secretKey = SecretCipher.newKey(random);
        List<BenchRelay> started = new ArrayList<>();
        try {
            for (int node = 0; node < count; node++) {
                started.add(BenchRelay.startOnDatabase(database.url(), adminToken, secretKey));
            }
            return new BenchNodes(started);
        } catch (Exception | Error e) {
            started.forEach(BenchRelay::close);
            throw e;
        }
    }

    /** The node the benchmark configures the relay through. */
    BenchRelay first() {
        return nodes.get(0);
    }

    List<Integer> ports() {
        return nodes.stream().map(BenchRelay::port).toList();
    }

    int size() {
        return nodes.size();
    }

    @Override
    public void close() {
        nodes.forEach(BenchRelay::close);
    }
}
