package io.hookrelay.delivery.jdk;

import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.egress.HostLiteral;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.port.WebhookResponse;
import io.hookrelay.delivery.port.WebhookSender;
import io.hookrelay.queue.Completions;
import io.hookrelay.queue.DaemonThreads;
import java.net.InetAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link WebhookSender} on the JDK's {@link HttpClient}: HTTP/1.1 (what every receiver speaks), redirects
 * never followed, the body's first {@value #EXCERPT_BYTES} bytes kept as its excerpt.
 *
 * <p>The target's timeout bounds the whole exchange, body included, not just the wait for the status line:
 * a receiver that sends its headers and then stalls would otherwise hold a slot of its target for ever. A timer on
 * the monotonic clock ends the exchange at that deadline ({@link #keepDeadline}), and {@link ExcerptSubscriber} stops
 * reading the body at the same one. Connecting gets the same timeout capped at {@link #LONGEST_CONNECT_TIMEOUT}. The JDK sets connect
 * timeouts per client, so there is one client per distinct connect timeout (and, for https, per host name:
 * {@link PinnedDestinations}, which also decides which address a request goes to); targets share a handful
 * of timeouts in practice.
 *
 * <p>{@code sendAsync}, so that waiting for a receiver holds no thread. The future {@code sendAsync} returns
 * is completed on {@code CompletableFuture}'s default executor (the JDK adds an empty
 * {@code whenCompleteAsync} stage on it to every such exchange), and with fewer than three cores that executor
 * starts a new thread for every task. So an answer is not taken from that future: the response is completed
 * from the body subscriber, which the client runs on its own executor, once the excerpt is read; only an
 * exchange that fails before a response (connect error, no headers in time) is heard of through the JDK's
 * future.
 *
 * <p>The clients run their own tasks (reading a response, completing its future) on one small pool with a
 * thread per core, not on the JDK's default, a cached pool that hands each task to whichever of dozens of
 * threads is idle. Those hand-offs cost more than the exchange (docs/benchmarks.md, "Figures that were code
 * comments"). The pool is not the caller's thread ({@code Runnable::run} was only slightly better) because TLS
 * work would then run on the client's one
 * selector thread, and every connection would wait for every handshake.
 */
public final class JdkWebhookSender implements WebhookSender {
    static final int EXCERPT_BYTES = 4096;
    static final Duration LONGEST_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Up to {@value #LOOKUP_THREADS} host names looked up at once; each target has at most its
     * {@code max_in_flight} attempts, and so lookups, under way, and a lookup that waits holds only one of these.
     */
    static final int LOOKUP_THREADS = 64;

    private final Executor clientTasks = threadPerCore();
    private final Executor lookups = lookupThreads();
    private final PinnedDestinations destinations;

    /** A sender that goes only where {@code egress} allows, to the address it checked. */
    public JdkWebhookSender(EgressPolicy egress) {
        this(egress, InetAddress::getAllByName);
    }

    /** The relay's default egress policy. */
    public JdkWebhookSender() {
        this(EgressPolicy.DEFAULT);
    }

    JdkWebhookSender(EgressPolicy egress, PinnedDestinations.Resolver resolver) {
        this.destinations = new PinnedDestinations(egress, resolver, this::clientSettings);
    }

    @Override
    public CompletableFuture<WebhookResponse> send(WebhookRequest request) {
        long deadline = System.nanoTime() + request.timeout().toNanos();
        CompletableFuture<WebhookResponse> answer = new CompletableFuture<>();
        destinationOf(request).whenComplete((destination, refused) -> {
            if (refused != null) {
                answer.completeExceptionally(Completions.causeOf(refused));
            } else if (!answer.isDone()) {
                exchange(request, destination, deadline, answer);
            }
        });
        return answer;
    }

    /**
     * A host name is looked up on a thread of {@link #lookups}, never the caller's: the caller serves every
     * target, and one target's name server that does not answer must not hold it. An address needs no lookup.
     */
    private CompletableFuture<PinnedDestinations.Destination> destinationOf(WebhookRequest request) {
        if (HostLiteral.isAddress(request.url().getHost())) {
            return checked(request);
        }
        return CompletableFuture.supplyAsync(() -> checked(request), lookups).thenCompose(destination -> destination);
    }

    private CompletableFuture<PinnedDestinations.Destination> checked(WebhookRequest request) {
        try {
            return CompletableFuture.completedFuture(destinations.of(request, connectTimeoutOf(request.timeout())));
        } catch (SendException refused) {
            return CompletableFuture.failedFuture(refused);
        }
    }

    private void exchange(WebhookRequest request, PinnedDestinations.Destination destination, long deadline,
                          CompletableFuture<WebhookResponse> answer) {
        HttpRequest.Builder post = destination.newRequest()
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(post::header);
        CompletableFuture<HttpResponse<String>> exchange = destination.client().sendAsync(post.build(),
                responseInfo -> answeringWith(responseInfo, request, answer, Duration.ofNanos(deadline - System.nanoTime())));
        exchange.whenComplete((response, failure) -> {
            if (failure != null) {
                answer.completeExceptionally(SendFailures.of(request, Completions.causeOf(failure)));
            }
        });
        answer.whenComplete((response, failure) -> {
            if (answer.isCancelled()) {
                exchange.cancel(true);
            }
        });
        keepDeadline(request, deadline, answer, exchange);
    }

    /**
     * Ends the exchange at {@code deadline}, by the monotonic clock, unless it was answered first. The JDK's own
     * request timeout (Java 17) is judged by the wall clock: one stepped forward by more than a timeout would end
     * every exchange under way at once, and each would be sent again. The timer is {@code orTimeout}'s, dropped as
     * soon as the answer is in.
     */
    private static void keepDeadline(WebhookRequest request, long deadline, CompletableFuture<WebhookResponse> answer,
                                     CompletableFuture<HttpResponse<String>> exchange) {
        CompletableFuture<Void> answered = new CompletableFuture<>();
        answer.whenComplete((response, failure) -> answered.complete(null));
        answered.orTimeout(deadline - System.nanoTime(), TimeUnit.NANOSECONDS).whenComplete((done, late) -> {
            if (late instanceof TimeoutException
                    && answer.completeExceptionally(SendFailures.of(request, new HttpTimeoutException("request timed out")))) {
                exchange.cancel(true);
            }
        });
    }

    /** Reads the excerpt, then completes {@code answer} on the thread that read it. */
    private static HttpResponse.BodySubscriber<String> answeringWith(HttpResponse.ResponseInfo info, WebhookRequest request,
            CompletableFuture<WebhookResponse> answer, Duration within) {
        ExcerptSubscriber excerpt = new ExcerptSubscriber(EXCERPT_BYTES, within);
        excerpt.getBody().whenComplete((body, failure) -> {
            if (failure == null) {
                answer.complete(new WebhookResponse(info.statusCode(), info.headers().firstValue("retry-after"), body));
            } else {
                answer.completeExceptionally(SendFailures.of(request, Completions.causeOf(failure)));
            }
        });
        return excerpt;
    }


    private HttpClient.Builder clientSettings(Duration connectTimeout) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                .executor(clientTasks);
    }

    /** Its threads end when idle; lookups beyond its threads wait their turn. */
    private static Executor lookupThreads() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(LOOKUP_THREADS, LOOKUP_THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), DaemonThreads.named("hookrelay-lookup-"));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Its threads end when idle, so a sender that is no longer used holds none. */
    private static Executor threadPerCore() {
        int cores = Runtime.getRuntime().availableProcessors();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(cores, cores, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                DaemonThreads.named("hookrelay-http-"));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Connecting is given up after the request's timeout or ten seconds, whichever is shorter. */
    static Duration connectTimeoutOf(Duration timeout) {
        return timeout.compareTo(LONGEST_CONNECT_TIMEOUT) < 0 ? timeout : LONGEST_CONNECT_TIMEOUT;
    }
}
