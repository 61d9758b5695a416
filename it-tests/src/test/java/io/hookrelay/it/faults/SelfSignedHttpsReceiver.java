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
 * certificate names {@code 127.0.0.1} unless told otherwise, so the only thing wrong with it is trust; a client
 * that does trust it ({@link #trustingContext()}, or a JVM given {@link #keyStore()} as its trust store) gets
 * its 200, which shows the receiver itself works.
 */
public final class SelfSignedHttpsReceiver implements AutoCloseable {
    private static final char[] STORE_PASSWORD = "receiver-keystore".toCharArray();
    private static final String KEY_STORE_FILE = "receiver.p12";

    private final HttpsServer server;
    private final ExecutorService threads;
    private final KeyStore keys;
    private final Path keyStore;
    private final AtomicInteger requestsHandled = new AtomicInteger();

    private SelfSignedHttpsReceiver(HttpsServer server, ExecutorService threads, KeyStore keys, Path keyStore) {
        this.server = server;
        this.threads = threads;
        this.keys = keys;
        this.keyStore = keyStore;
    }

    /**
     * {@link #start} on a thread of its own, the certificate naming {@code 127.0.0.1}: {@code keytool} is a JVM to
     * start, a while on a busy machine that a test can spend setting up everything else.
     */
    static Future<SelfSignedHttpsReceiver> startInBackground(Path dir) {
        return startInBackground(dir, "ip:127.0.0.1");
    }

    /** {@link #start(Path, String)} on a thread of its own. */
    public static Future<SelfSignedHttpsReceiver> startInBackground(Path dir, String subjectAltName) {
        FutureTask<SelfSignedHttpsReceiver> starting = new FutureTask<>(() -> start(dir, subjectAltName));
        Thread thread = new Thread(starting, "self-signed-receiver-start");
        thread.setDaemon(true);
        thread.start();
        return starting;
    }

    /**
     * Makes a key pair and a certificate naming {@code subjectAltName} ({@code dns:NAME} or {@code ip:ADDRESS})
     * alone in {@code dir} with the JDK's {@code keytool}, then serves with them.
     */
    public static SelfSignedHttpsReceiver start(Path dir, String subjectAltName)
            throws IOException, InterruptedException, GeneralSecurityException {
        KeyStore keys = selfSignedKeyStore(dir, subjectAltName);
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, STORE_PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keyManagers.getKeyManagers(), null, null);

        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        ExecutorService threads = Executors.newCachedThreadPool();
        server.setExecutor(threads);
        SelfSignedHttpsReceiver receiver = new SelfSignedHttpsReceiver(server, threads, keys, dir.resolve(KEY_STORE_FILE));
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

    public int port() {
        return server.getAddress().getPort();
    }

    /** The PKCS12 file holding the key and certificate; as a trust store, it trusts this receiver alone. */
    public Path keyStore() {
        return keyStore;
    }

    public static String keyStorePassword() {
        return new String(STORE_PASSWORD);
    }

    /** Requests that got through the handshake to the handler. */
    public int requestsHandled() {
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

    private static KeyStore selfSignedKeyStore(Path dir, String subjectAltName)
            throws IOException, InterruptedException, GeneralSecurityException {
        Path store = dir.resolve(KEY_STORE_FILE);
        Path output = dir.resolve("keytool.out");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        // keytool runs for a moment: the JIT's first tier alone saves most of its CPU, and time on a busy machine.
        Process process = new ProcessBuilder(keytool.toString(), "-J-XX:TieredStopAtLevel=1", "-genkeypair", "-alias", "receiver",
                "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=hookrelay fault test receiver", "-ext", "SAN=" + subjectAltName,
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
