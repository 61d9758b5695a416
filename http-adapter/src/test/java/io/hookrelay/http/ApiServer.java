package io.hookrelay.http;

import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.usecase.BackUpDatabase;
import io.hookrelay.delivery.usecase.BrowseEvents;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.delivery.usecase.ManageDeliveries;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.delivery.usecase.ManageSettings;
import io.hookrelay.delivery.usecase.ManageSources;
import io.hookrelay.delivery.usecase.ManageTargets;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.delivery.usecase.ReplayEvents;
import io.hookrelay.delivery.usecase.ReportTenantUsage;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.api.ApiRoutes;
import io.hookrelay.http.console.AdminToken;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * A real server on a free loopback port with the relay's API over the use cases a test gives, and a client for it.
 * Every in-port the test does not give is {@link Unexpected}: its calls fail, and {@link #unexpectedCalls()} lists them.
 * The audit log, which every change reaches, is the exception: unless the test gives one, {@link #audited()} lists what
 * it was told.
 */
public final class ApiServer implements AutoCloseable {
    public static final String TOKEN = "test-admin-token-0123456789";
    public static final Duration WAIT = Duration.ofSeconds(10);
    private static final List<Class<?>> IN_PORTS = List.of(IngestWebhook.class, ManageSources.class, ManageTargets.class,
            ManageRoutes.class, BrowseEvents.class, ReplayEvents.class, ManageDeliveries.class, ManageSettings.class,
            BackUpDatabase.class, ListOperatorEvents.class, ManageTenants.class,
            ManageTenantKeys.class, ReportTenantUsage.class, KeepAuditLog.class, SignInWithKeys.class);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final List<String> unexpectedCalls = new CopyOnWriteArrayList<>();
    private final AuditRecorder audit = new AuditRecorder();
    private final HttpServer server;
    /** HTTP/1.1, as the relay's own clients speak it: the default asks each plain request to upgrade to HTTP/2. */
    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();

    /** @param useCases the in-ports the test expects to be called, each implementing one or more of them */
    public ApiServer(Object... useCases) {
        this(routes -> routes, useCases);
    }

    /** @param adjust changes the routes before the server starts, such as the console's clock */
    public ApiServer(UnaryOperator<ApiRoutes> adjust, Object... useCases) {
        Arrays.stream(useCases).filter(useCase -> IN_PORTS.stream().noneMatch(port -> port.isInstance(useCase))).findAny()
                .ifPresent(stray -> {
                    throw new IllegalArgumentException(stray + " is none of the in-ports " + IN_PORTS);
                });
        ApiRoutes routes = new ApiRoutes(new AdminToken(TOKEN), port(IngestWebhook.class, useCases), port(ManageSources.class, useCases),
                port(ManageTargets.class, useCases), port(ManageRoutes.class, useCases), port(BrowseEvents.class, useCases),
                port(ReplayEvents.class, useCases), port(ManageDeliveries.class, useCases), port(ManageSettings.class, useCases),
                port(BackUpDatabase.class, useCases), port(ListOperatorEvents.class, useCases), port(ManageTenants.class, useCases),
                port(ManageTenantKeys.class, useCases), port(ReportTenantUsage.class, useCases), Stream.of(useCases).filter(KeepAuditLog.class::isInstance)
                        .map(KeepAuditLog.class::cast).findFirst().orElse(audit), port(SignInWithKeys.class, useCases));
        server = new HttpServer(HttpServerSettings.of("127.0.0.1", 0), () -> Readiness.READY, registry, adjust.apply(routes));
        server.start();
    }

    private <T> T port(Class<T> type, Object[] useCases) {
        return Stream.of(useCases).filter(type::isInstance).map(type::cast).findFirst()
                .orElseGet(() -> Unexpected.of(type, unexpectedCalls));
    }

    /** The changes the server recorded in the audit log, unless the test gave an audit log of its own. */
    public List<AuditedChange> audited() {
        return audit.changes();
    }

    /** The calls of in-ports the test did not give, each as {@code Port.method}. */
    public List<String> unexpectedCalls() {
        return List.copyOf(unexpectedCalls);
    }

    public int port() {
        return server.address().getPort();
    }

    /** A request with the admin token and, when it has a body, {@code Content-Type: application/json}. */
    public HttpResponse<String> send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder request = request(path).header("Authorization", "Bearer " + TOKEN);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return send(request, method, body);
    }

    public HttpResponse<String> send(HttpRequest.Builder request, String method, String body) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8);
        return client.send(request.method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    public HttpClient client() {
        return client;
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path)).timeout(WAIT);
    }

    /**
     * Sends only the head of a request that announces a body, asking with {@code Expect: 100-continue} to be
     * told before sending it, and reads the status line: what a careful client sees of a refusal that comes
     * before its body is wanted.
     */
    public String statusLineForHeadOnly(String method, String path, long contentLength, String extraHeaders) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port())) {
            socket.setSoTimeout((int) WAIT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: " + contentLength + "\r\n"
                    + extraHeaders + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString();
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
