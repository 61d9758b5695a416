package io.hookrelay.delivery.jdk;

import io.hookrelay.delivery.SendException;
import io.hookrelay.delivery.WebhookRequest;
import io.hookrelay.delivery.WebhookResponse;
import io.hookrelay.delivery.WebhookSender;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link WebhookSender} on the JDK's {@link HttpClient}: HTTP/1.1 (what every receiver speaks), redirects
 * never followed, the body's first {@value #EXCERPT_BYTES} bytes kept as its excerpt.
 *
 * <p>The target's timeout bounds the whole exchange, body included, not just the wait for the status line:
 * a receiver that sends its headers and then stalls would otherwise hold a worker for ever. The request's
 * timeout covers the wait for the headers, and {@link ExcerptSubscriber} gives up on the body at the same
 * deadline. Connecting gets the same timeout capped at {@link #LONGEST_CONNECT_TIMEOUT}. The JDK sets connect
 * timeouts per client, so there is one client per distinct connect timeout; targets share a handful of
 * timeouts in practice.
 *
 * <p>The blocking {@code send}, not {@code sendAsync}: the future {@code sendAsync} returns is completed on
 * {@code CompletableFuture}'s default executor, and with fewer than three cores that executor starts a new
 * thread for every task. On two cores that was a thread per delivery; with {@code send}, draining a backlog
 * went from about 1,350 to 2,400-3,000 deliveries per second.
 */
public final class JdkWebhookSender implements WebhookSender {
    static final int EXCERPT_BYTES = 4096;
    static final Duration LONGEST_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final Map<Duration, HttpClient> clientsByConnectTimeout = new ConcurrentHashMap<>();

    @Override
    public WebhookResponse send(WebhookRequest request) throws SendException, InterruptedException {
        long deadline = System.nanoTime() + request.timeout().toNanos();
        HttpRequest.Builder post = HttpRequest.newBuilder(request.url())
                .timeout(request.timeout())
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(post::header);
        try {
            HttpResponse<String> response = clientFor(request.timeout()).send(post.build(),
                    responseInfo -> new ExcerptSubscriber(EXCERPT_BYTES, Duration.ofNanos(deadline - System.nanoTime())));
            return new WebhookResponse(response.statusCode(), response.headers().firstValue("retry-after"), response.body());
        } catch (IOException e) {
            throw SendFailures.of(request, e);
        }
    }

    private HttpClient clientFor(Duration timeout) {
        return clientsByConnectTimeout.computeIfAbsent(connectTimeoutOf(timeout), limit -> HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(limit)
                .build());
    }

    /** Connecting is given up after the request's timeout or ten seconds, whichever is shorter. */
    static Duration connectTimeoutOf(Duration timeout) {
        return timeout.compareTo(LONGEST_CONNECT_TIMEOUT) < 0 ? timeout : LONGEST_CONNECT_TIMEOUT;
    }
}
