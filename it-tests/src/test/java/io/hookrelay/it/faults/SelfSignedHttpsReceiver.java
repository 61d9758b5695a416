package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * An HTTPS receiver whose certificate nobody vouches for: self-signed by {@code keytool} for this run. The
 * certificate names {@code 127.0.0.1}, so the only thing wrong with it is trust; a client that does trust it
 * ({@link #trustingContext()}) gets its 200, which shows the receiver itself works.
 */
final class SelfSignedHttpsReceiver implements AutoCloseable {
    private static final char[] STORE_PASSWORD = "receiver-keystore".toCharArray();

    private final HttpsServer server;
    private final ExecutorService threads;
    private final KeyStore keys;
    private final AtomicInteger requestsHandled = new AtomicInteger();

    private SelfSignedHttpsReceiver(HttpsServer server, ExecutorService threads, KeyStore keys) {
        this.server = server;
        this.threads = threads;
        this.keys = keys;
    }

    /**
     * {@link #start} on a thread of its own: {@code keytool} is a JVM to start, a while on a busy machine that
     * a test can spend setting up everything else.
     */
    static Future<SelfSignedHttpsReceiver> startInBackground(Path dir) {
        FutureTask<SelfSignedHttpsReceiver> starting = new FutureTask<>(() -> start(dir));
        Thread thread = new Thread(starting, "self-signed-receiver-start");
        thread.setDaemon(true);
        thread.start();
        return starting;
    }

    /** Makes a key pair and certificate in {@code dir} with the JDK's {@code keytool}, then serves with them. */
    static SelfSignedHttpsReceiver start(Path dir) throws IOException, InterruptedException, GeneralSecurityException {
        KeyStore keys = selfSignedKeyStore(dir);
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, STORE_PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keyManagers.getKeyManagers(), null, null);

        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        ExecutorService threads = Executors.newCachedThreadPool();
        server.setExecutor(threads);
        SelfSignedHttpsReceiver receiver = new SelfSignedHttpsReceiver(server, threads, keys);
        server.createContext("/", exchange -> {
            try (exchange; InputStream body = exchange.getRequestBody()) {
                body.readAllBytes();
                receiver.requestsHandled.incrementAndGet();
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
        return receiver;
    }

    String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort() + RawReceiver.PATH;
    }

    /** Requests that got through the handshake to the handler. */
    int requestsHandled() {
        return requestsHandled.get();
    }

    /** TLS that trusts this receiver's certificate and no other. */
    SSLContext trustingContext() throws GeneralSecurityException {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(keys);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        return tls;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private static KeyStore selfSignedKeyStore(Path dir) throws IOException, InterruptedException, GeneralSecurityException {
        Path store = dir.resolve("receiver.p12");
        Path output = dir.resolve("keytool.out");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        // keytool runs for a moment: the JIT's first tier alone saves most of its CPU, and time on a busy machine.
        Process process = new ProcessBuilder(keytool.toString(), "-J-XX:TieredStopAtLevel=1", "-genkeypair", "-alias", "receiver",
                "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=hookrelay fault test receiver", "-ext", "SAN=ip:127.0.0.1",
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", new String(STORE_PASSWORD))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean exited = process.waitFor(RelayServer.WAIT.toSeconds(), TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }
        assertThat(exited && process.exitValue() == 0).as("keytool made the key pair: %s", Files.readString(output)).isTrue();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, STORE_PASSWORD);
        }
        return keys;
    }
}
