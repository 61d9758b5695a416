package io.hookrelay.delivery.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpServer;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.port.WebhookResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which address a delivery goes to. The host names here exist for no resolver but the test's own, so a
 * request that arrives proves the JDK's client never looked the name up itself: it went to the address the
 * sender checked.
 */
class PinnedDestinationsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final InetAddress LOOPBACK = address("127.0.0.1");
    private static final InetAddress METADATA = address("169.254.169.254");

    private final List<String> hostHeaders = new CopyOnWriteArrayList<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();
    private ExecutorService receiverThreads;
    private HttpServer receiver;

    @BeforeEach
    void startReceiver() throws IOException {
        receiverThreads = Executors.newCachedThreadPool();
        receiver = HttpServer.create(new InetSocketAddress(LOOPBACK, 0), 0);
        receiver.setExecutor(receiverThreads);
        receiver.createContext("/", exchange -> {
            try (exchange; InputStream body = exchange.getRequestBody()) {
                body.readAllBytes();
                hostHeaders.add(exchange.getRequestHeaders().getFirst("Host"));
                paths.add(exchange.getRequestURI().getRawPath() + "?" + exchange.getRequestURI().getRawQuery());
                exchange.sendResponseHeaders(204, -1);
            }
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
        receiverThreads.shutdownNow();
    }

    @Test
    void aNameGoesToTheAddressThatWasCheckedThoughItsNextResolutionIsDenied() throws Exception {
        AtomicInteger lookups = new AtomicInteger();
        JdkWebhookSender sender = new JdkWebhookSender(EgressPolicy.DEFAULT,
                host -> new InetAddress[] {lookups.getAndIncrement() == 0 ? LOOPBACK : METADATA});

        assertThat(Sending.answerOf(sender, post("rebinding.hookrelay.test")).statusCode()).isEqualTo(204);

        assertThat(lookups).as("the name was looked up once, by the check").hasValue(1);
        assertThat(hostHeaders).containsExactly("rebinding.hookrelay.test:" + port());
        assertThat(paths).containsExactly("/hooks/orders?token=s3cret");
        assertThatThrownBy(() -> Sending.answerOf(sender, post("rebinding.hookrelay.test")))
                .isInstanceOfSatisfying(SendException.class, failure -> assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.EGRESS_DENIED))
                .hasMessage("will not connect to rebinding.hookrelay.test:" + port()
                        + ": 169.254.169.254 is in 169.254.0.0/16, which the egress policy denies");
        assertThat(hostHeaders).as("the denied resolution reached nobody").hasSize(1);
    }

    @Test
    void oneDeniedAddressAmongTheResolvedOnesDeniesTheHostAndSaysWhichWithoutTheUrl() {
        JdkWebhookSender sender = new JdkWebhookSender(EgressPolicy.DEFAULT, host -> new InetAddress[] {LOOPBACK, METADATA});

        assertThatThrownBy(() -> Sending.answerOf(sender, post("mixed.hookrelay.test")))
                .isInstanceOfSatisfying(SendException.class, failure -> assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.EGRESS_DENIED))
                .hasMessageContaining("169.254.169.254")
                .hasMessageNotContaining("s3cret")
                .hasMessageNotContaining("/hooks");
        assertThat(hostHeaders).isEmpty();
    }

    @Test
    void anOperatorsDeniedRangeStopsALiteralAddressWithoutAnyLookup() {
        EgressPolicy loopbackDenied = EgressPolicy.of(List.of(), EgressPolicy.parseList("127.0.0.0/8"));
        JdkWebhookSender sender = new JdkWebhookSender(loopbackDenied, InetAddress::getAllByName);

        for (String host : List.of("127.0.0.1", "[::ffff:127.0.0.1]", "2130706433")) {
            assertThatThrownBy(() -> Sending.answerOf(sender, post(host)))
                    .as(host)
                    .isInstanceOfSatisfying(SendException.class, failure -> assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.EGRESS_DENIED));
        }
        assertThat(hostHeaders).isEmpty();
    }

    @Test
    void anAllowListConfinesDeliveriesToItsRanges() throws Exception {
        EgressPolicy onlyTenNet = EgressPolicy.of(EgressPolicy.parseList("10.0.0.0/8"), List.of());
        JdkWebhookSender sender = new JdkWebhookSender(onlyTenNet, host -> new InetAddress[] {LOOPBACK});

        assertThatThrownBy(() -> Sending.answerOf(sender, post("inside.hookrelay.test")))
                .hasMessageEndingWith("127.0.0.1 is outside the ranges the egress policy allows");
        JdkWebhookSender unconfined = new JdkWebhookSender(EgressPolicy.DEFAULT, host -> new InetAddress[] {LOOPBACK});
        assertThat(Sending.answerOf(unconfined, post("inside.hookrelay.test")).statusCode()).isEqualTo(204);
    }

    @Test
    void aNameThatDoesNotResolveIsAConnectError() {
        JdkWebhookSender sender = new JdkWebhookSender(EgressPolicy.DEFAULT, host -> {
            throw new UnknownHostException(host);
        });

        assertThatThrownBy(() -> Sending.answerOf(sender, post("nowhere.hookrelay.test")))
                .isInstanceOfSatisfying(SendException.class, failure -> assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR))
                .hasMessage("could not connect to nowhere.hookrelay.test:" + port() + ": unknown host");
    }

    /** The caller's thread serves every target: a name server that does not answer must not hold it. */
    @Test
    void aLookupThatHangsHoldsNeitherTheCallerNorAnotherTargetsDelivery() throws Exception {
        CountDownLatch nameServerAnswers = new CountDownLatch(1);
        JdkWebhookSender sender = new JdkWebhookSender(EgressPolicy.DEFAULT, host -> {
            if (host.equals("hanging.hookrelay.test")) {
                try {
                    nameServerAnswers.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new InetAddress[] {LOOPBACK};
        });
        try {
            CompletableFuture<WebhookResponse> waiting = assertTimeoutPreemptively(TIMEOUT,
                    () -> sender.send(post("hanging.hookrelay.test")), "send returned while the lookup hangs");

            assertThat(Sending.answerOf(sender, post("answering.hookrelay.test")).statusCode()).isEqualTo(204);
            assertThat(waiting).isNotDone();
            assertThat(hostHeaders).containsExactly("answering.hookrelay.test:" + port());

            nameServerAnswers.countDown();
            assertThat(waiting.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(204);
        } finally {
            nameServerAnswers.countDown();
        }
    }

    private WebhookRequest post(String host) {
        URI url = URI.create("http://" + host + ":" + port() + "/hooks/orders?token=s3cret");
        return new WebhookRequest(url, Map.of("content-type", "text/plain"), "hello".getBytes(StandardCharsets.UTF_8), TIMEOUT);
    }

    private int port() {
        return receiver.getAddress().getPort();
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
