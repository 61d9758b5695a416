package io.hookrelay.bench;

import io.hookrelay.http.HttpServerSettings;
import io.hookrelay.it.support.HookrelayProcess;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.util.Headers;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.xnio.Options;

/**
 * The ingest figure's ceiling: a server on the relay's HTTP stack that answers each webhook {@code 202} with a short
 * JSON body, as the relay does, and does nothing else. It runs as the relay runs: a JVM of its own with no flags, on
 * the Undertow the relay's jar ships, with the options of the relay's {@code HttpServer} (header limits, the read
 * deadline; its 64 request threads, which it never uses), reading each body on the I/O thread and answering there.
 * Loaded by the same wrk, its rate is what the load generator and HTTP alone leave room for on these cores.
 *
 * <p>{@link #forwarding} makes it the end-to-end figure's ceiling as well: after answering, it hands each body to a
 * {@link Forwarder}, which sends it on to a receiver as the relay delivers, storing nothing.
 */
final class BareHttp implements AutoCloseable {
    private static final String LISTENING = "listening on port ";
    private static final int REQUEST_THREADS = 64;
    private static final int MAX_HEADER_BYTES = 32 * 1024;
    private static final int MAX_HEADERS = 100;
    private static final int MAX_QUERY_PARAMETERS = 100;
    private static final int STOP_PATIENCE_SECONDS = 10;

    private final Process process;
    private final int port;

    private BareHttp(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts the server in a process of its own: the relay's jar and this class on its class path. */
    static BareHttp start() throws IOException {
        return start(List.of());
    }

    /** As {@link #start()}, each body also sent on to {@code receiver}, at most {@code maxInFlight} at once. */
    static BareHttp forwarding(String receiver, int maxInFlight) throws IOException {
        return start(List.of(receiver, Integer.toString(maxInFlight)));
    }

    private static BareHttp start(List<String> arguments) throws IOException {
        String classPath = HookrelayProcess.jar() + File.pathSeparator + ownClasses();
        List<String> command = new ArrayList<>(List.of(HookrelayProcess.javaBinary(), "-cp", classPath, BareHttp.class.getName()));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        for (String line = output.readLine(); line != null; line = output.readLine()) {
            if (line.startsWith(LISTENING)) {
                return new BareHttp(process, Integer.parseInt(line.substring(LISTENING.length())));
            }
            lines.add(line);
        }
        process.destroyForcibly();
        throw new IllegalStateException("the do-nothing server exited before listening: " + String.join("\n", lines));
    }

    private static Path ownClasses() {
        try {
            return Path.of(BareHttp.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    int port() {
        return port;
    }

    /** Ends the server's standard input, which stops it; kills it if it has not stopped within a few seconds. */
    @Override
    public void close() throws IOException, InterruptedException {
        process.getOutputStream().close();
        if (!process.waitFor(STOP_PATIENCE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /**
     * Serves on an ephemeral port, prints it, and exits when its standard input ends (its parent closed it or died).
     * With arguments, a receiver's URL and a number: forwards each body there, that many at once.
     */
    public static void main(String[] args) throws IOException {
        // As the relay's Main: the JDK client's end of each exchange would otherwise start a thread on one or two cores.
        System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism", "2");
        Forwarder forwarder = args.length == 0 ? null : new Forwarder(URI.create(args[0]), Integer.parseInt(args[1]));
        int readDeadlineMillis = (int) HttpServerSettings.DEFAULT_READ_DEADLINE.toMillis();
        Undertow server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setWorkerThreads(REQUEST_THREADS)
                .setServerOption(UndertowOptions.MAX_HEADER_SIZE, MAX_HEADER_BYTES)
                .setServerOption(UndertowOptions.MAX_HEADERS, MAX_HEADERS)
                .setServerOption(UndertowOptions.MAX_PARAMETERS, MAX_QUERY_PARAMETERS)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, -1L)
                .setSocketOption(Options.READ_TIMEOUT, readDeadlineMillis)
                .setSocketOption(Options.WRITE_TIMEOUT, readDeadlineMillis)
                .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, readDeadlineMillis)
                .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, readDeadlineMillis)
                .setHandler(exchange -> exchange.getRequestReceiver().receiveFullBytes((done, body) -> {
                    done.setStatusCode(202);
                    done.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                    done.getResponseSender().send("{\"id\":\"evt_00000000000000000000000000\"}");
                    if (forwarder != null) {
                        forwarder.forward(body);
                    }
                }))
                .build();
        server.start();
        int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
        System.out.println(LISTENING + port);
        System.out.flush();
        while (System.in.read() != -1) {
            // nothing to read: the end of input is the signal to stop
        }
        server.stop();
    }
}
