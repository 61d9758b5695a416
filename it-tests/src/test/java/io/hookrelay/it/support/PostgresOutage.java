package io.hookrelay.it.support;

import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.InetSocketAddress;
import java.net.URI;
import java.sql.SQLException;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * PostgreSQL gone for a while, for the nodes of one test only: they reach the test's database through a
 * {@link TcpProxy}, and an outage refuses their new connections and ends their open ones the way a server
 * restart does, {@code pg_terminate_backend} (SQLSTATE 57P01) on each of their backends, then drops what is
 * left. The shared server and every other client of it, this test's own reads included, carry on.
 */
public final class PostgresOutage implements AutoCloseable {
    private final PostgresTestDatabase database;
    private final TcpProxy proxy;

    private PostgresOutage(PostgresTestDatabase database, TcpProxy proxy) {
        this.database = database;
        this.proxy = proxy;
    }

    /** A proxy in front of {@code database}, open until {@link #begin()}. */
    public static PostgresOutage inFrontOf(PostgresTestDatabase database) {
        URI direct = URI.create(database.url());
        return new PostgresOutage(database, TcpProxy.start(new InetSocketAddress(direct.getHost(), direct.getPort())));
    }

    /** The database as {@code postgresql://…} through the proxy: what the nodes are given. */
    public String url() {
        URI direct = URI.create(database.url());
        return "postgresql://" + direct.getRawUserInfo() + "@127.0.0.1:" + proxy.port() + direct.getRawPath();
    }

    /** Cuts the nodes off: new connections refused, open ones terminated. */
    public void begin() throws SQLException {
        Set<Integer> ports = proxy.upstreamPorts();
        proxy.refuseNew();
        terminateBackendsOf(ports);
        proxy.dropAll();
    }

    /** The database is reachable again. */
    public void end() {
        proxy.accept();
    }

    /**
     * The nodes' packets to and from the database stop arriving, on open connections and new ones, nothing refused or
     * closed: what a node sees of a network partition.
     */
    public void silence() {
        proxy.freeze();
    }

    /** What {@link #silence()} held arrives, and everything after it. */
    public void heal() {
        proxy.thaw();
    }

    @Override
    public void close() {
        proxy.close();
    }

    private void terminateBackendsOf(Set<Integer> clientPorts) throws SQLException {
        if (clientPorts.isEmpty()) {
            return;
        }
        String ports = clientPorts.stream().map(String::valueOf).collect(Collectors.joining(", "));
        database.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND client_port IN (" + ports + ")");
    }
}
