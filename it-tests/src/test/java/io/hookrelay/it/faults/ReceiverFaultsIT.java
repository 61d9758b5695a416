package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.faults.RawReceiver.Ending;
import io.hookrelay.it.faults.RawReceiver.Exchange;
import io.hookrelay.it.support.RefusingPort;
import io.hookrelay.it.support.RelayServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Receivers that fail without a usable answer, or answer with something the relay must not take up: each
 * delivery ends {@code failed} once its target's schedule (one retry, one second on) is used up, every attempt
 * logged with the label DESIGN §7 counts it under, and the relay lets go of every connection it gave up on.
 *
 * <p>One relay serves every fault, each on a source and target of its own, and all the faults' events are sent
 * at the start: their deliveries run side by side (there are workers enough for all), so the class takes about
 * as long as its slowest fault rather than the sum of them. Each test then waits for its own fault's end state.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReceiverFaultsIT {
    private static final List<Integer> SCHEDULE = List.of(1);
    private static final int ATTEMPTS = SCHEDULE.size() + 1;
    /** Short, so that waiting it out twice is cheap. */
    private static final Duration SHORT_TIMEOUT = Duration.ofMillis(500);
    /** Long enough that a body the relay read to its end would show as a timeout, short enough to fail within a test's wait. */
    private static final Duration LONG_TIMEOUT = Duration.ofSeconds(10);
    private static final long HUGE_BODY_BYTES = 50L << 20;
    private static final int EXCERPT_BYTES = 4096;
    private static final int WORKERS = 16;
    private static final String LOOPBACK = "127\\.0\\.0\\.1:[0-9]+";

    /** One receiver fault, the label its attempts are counted under, and the error text an operator reads. */
    enum Fault {
        TIMEOUT("timeout", "no response within 500 ms", SHORT_TIMEOUT),
        SLOW_BODY("timeout", "no response within 500 ms", SHORT_TIMEOUT),
        /** The JDK's refusal seldom says why; when it does, it says "Connection refused". */
        REFUSED("connect_error", "could not connect to " + LOOPBACK + "( \\(Connection refused\\))?", LONG_TIMEOUT),
        UNTRUSTED_TLS("connect_error", "could not connect to " + LOOPBACK + ": TLS handshake failed \\(.*certification path.*\\)", LONG_TIMEOUT),
        RESET("io_error", "exchange with " + LOOPBACK + " failed \\(Connection reset\\)", LONG_TIMEOUT),
        HUGE_BODY("http_5xx", "receiver answered 500", LONG_TIMEOUT, 500),
        ENDLESS_BODY("http_5xx", "receiver answered 502", LONG_TIMEOUT, 502),
        MOVED_PERMANENTLY("http_3xx", "receiver answered 301; redirects are not followed, fix the target's url", LONG_TIMEOUT, 301),
        FOUND("http_3xx", "receiver answered 302; redirects are not followed, fix the target's url", LONG_TIMEOUT, 302),
        TEMPORARY_REDIRECT("http_3xx", "receiver answered 307; redirects are not followed, fix the target's url", LONG_TIMEOUT, 307),
        PERMANENT_REDIRECT("http_3xx", "receiver answered 308; redirects are not followed, fix the target's url", LONG_TIMEOUT, 308);

        final String label;
        final String errorPattern;
        final Duration timeout;
        final Optional<Integer> status;

        /** No answer came back. */
        Fault(String label, String detailPattern, Duration timeout) {
            this(label, detailPattern, timeout, Optional.empty());
        }

        Fault(String label, String detailPattern, Duration timeout, int status) {
            this(label, detailPattern, timeout, Optional.of(status));
        }

        Fault(String label, String detailPattern, Duration timeout, Optional<Integer> status) {
            this.label = label;
            this.errorPattern = label + ": " + detailPattern;
            this.timeout = timeout;
            this.status = status;
        }
    }

    private RelayServer relay;
    private final List<AutoCloseable> receivers = new ArrayList<>();
    private final Map<Fault, RawReceiver> rawReceivers = new EnumMap<>(Fault.class);
    private final Map<Fault, String> deliveries = new EnumMap<>(Fault.class);
    private RawReceiver redirectedTo;
    private SelfSignedHttpsReceiver untrusted;

    @BeforeAll
    void sendOneEventPerFault(@TempDir Path dir) throws Exception {
        Future<SelfSignedHttpsReceiver> untrustedStarting = SelfSignedHttpsReceiver.startInBackground(Files.createDirectory(dir.resolve("tls")));
        relay = RelayServer.start(Files.createDirectory(dir.resolve("data")), WORKERS, RelayServer.AUTO_PAUSE_AFTER);
        redirectedTo = started(RawReceiver.start(Script.answer(200, Map.of())));
        untrusted = started(untrustedStarting.get(RelayServer.WAIT.toSeconds(), TimeUnit.SECONDS));
        Map<Fault, String> urls = new EnumMap<>(Fault.class);
        for (Fault fault : Fault.values()) {
            urls.put(fault, urlOf(fault));
        }
        deliveries.putAll(Concurrently.map(List.of(Fault.values()), fault -> {
            FaultRoutes.route(relay, FaultRoutes.idOf(fault), urls.get(fault), fault.timeout, SCHEDULE);
            return FaultRoutes.deliverOne(relay, FaultRoutes.idOf(fault));
        }));
    }

    @AfterAll
    void stop() throws Exception {
        if (relay != null) {
            relay.close();
        }
        for (AutoCloseable receiver : receivers) {
            receiver.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Fault.class)
    void endsFailedAfterItsScheduleWithEveryAttemptLogged(Fault fault) throws Exception {
        JsonNode delivery = relay.awaitDelivery(deliveries.get(fault), "failed");

        assertThat(delivery.path("attempts").asInt()).isEqualTo(ATTEMPTS);
        List<AttemptLog.Attempt> log = AttemptLog.of(delivery);
        assertThat(log).hasSize(ATTEMPTS).allSatisfy(attempt -> {
            assertThat(attempt.error()).matches(fault.errorPattern);
            assertThat(attempt.statusCode()).isEqualTo(fault.status);
        });
        assertThat(delivery.path("last_error").asText()).isEqualTo(log.get(ATTEMPTS - 1).error() + " (gave up after " + ATTEMPTS + " attempts)");
        AttemptLog.assertNoRetryEarly(delivery, SCHEDULE);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"TIMEOUT", "SLOW_BODY", "RESET", "HUGE_BODY", "ENDLESS_BODY", "MOVED_PERMANENTLY", "FOUND",
            "TEMPORARY_REDIRECT", "PERMANENT_REDIRECT"})
    void everyAttemptReachedTheReceiverInFull(Fault fault) throws Exception {
        String eventId = relay.delivery(deliveries.get(fault)).path("event_id").asText();

        List<Exchange> exchanges = rawReceivers.get(fault).awaitEnded(ATTEMPTS);

        assertThat(exchanges).hasSize(ATTEMPTS);
        for (int i = 0; i < ATTEMPTS; i++) {
            assertThat(exchanges.get(i).request().header("webhook-id")).hasValue(eventId);
            assertThat(exchanges.get(i).request().header("x-hookrelay-attempt")).hasValue(Integer.toString(i + 1));
        }
    }

    /** Giving up on a receiver closes the connection: a slow receiver does not hold a socket of the relay's. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"TIMEOUT", "SLOW_BODY"})
    void aReceiverSlowerThanTheTimeoutIsGivenUpOnAndLetGo(Fault fault) throws Exception {
        JsonNode delivery = relay.awaitDelivery(deliveries.get(fault), "failed");

        assertThat(AttemptLog.of(delivery)).allSatisfy(attempt -> assertThat(attempt.took()).isGreaterThanOrEqualTo(SHORT_TIMEOUT));
        assertThat(rawReceivers.get(fault).awaitEnded(ATTEMPTS)).extracting(Exchange::ending)
                .containsOnly(Optional.of(Ending.RELAY_HUNG_UP));
    }

    /**
     * The relay reads the first 4 KiB of an error page and hangs up: it is not held for the time a 50 MiB body
     * takes, nor for ever by one that never ends, and never holds more of it than that. The receiver's side
     * shows it: its writes fail long before its body's end.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"HUGE_BODY", "ENDLESS_BODY"})
    void onlyTheStartOfALongBodyIsReadAndKept(Fault fault) throws Exception {
        JsonNode delivery = relay.awaitDelivery(deliveries.get(fault), "failed");

        assertThat(AttemptLog.of(delivery)).extracting(AttemptLog.Attempt::excerpt).containsOnly(Script.bodyStart(EXCERPT_BYTES));
        List<Exchange> exchanges = rawReceivers.get(fault).awaitEnded(ATTEMPTS);
        assertThat(exchanges).extracting(Exchange::ending).containsOnly(Optional.of(Ending.RELAY_HUNG_UP));
        assertThat(exchanges).allSatisfy(exchange -> assertThat(exchange.bytesWritten()).isLessThan(HUGE_BODY_BYTES));
        System.out.printf("[figures] %s: receiver wrote %s bytes per attempt before the relay hung up (excerpt kept: %d bytes)%n",
                fault, exchanges.stream().map(Exchange::bytesWritten).toList(), EXCERPT_BYTES);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(names = {"MOVED_PERMANENTLY", "FOUND", "TEMPORARY_REDIRECT", "PERMANENT_REDIRECT"})
    void aRedirectIsNotFollowed(Fault fault) throws Exception {
        relay.awaitDelivery(deliveries.get(fault), "failed");

        assertThat(rawReceivers.get(fault).awaitEnded(ATTEMPTS)).extracting(Exchange::ending).containsOnly(Optional.of(Ending.ANSWERED));
        assertThat(redirectedTo.exchanges()).as("requests at the Location the receiver named").isEmpty();
    }

    /** The certificate is refused before a byte of the request is sent, yet a client that trusts it is served. */
    @Test
    void anUntrustedCertificateIsRefusedBeforeAnythingIsSent() throws Exception {
        relay.awaitDelivery(deliveries.get(Fault.UNTRUSTED_TLS), "failed");

        assertThat(untrusted.requestsHandled()).isZero();
        HttpClient trusting = HttpClient.newBuilder().sslContext(untrusted.trustingContext()).build();
        HttpResponse<Void> answer = trusting.send(HttpRequest.newBuilder(URI.create(untrusted.url())).timeout(RelayServer.WAIT)
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(untrusted.requestsHandled()).isEqualTo(1);
    }

    /** {@code relay_delivery_attempts_total{outcome}} counts each attempt under the label its log entry starts with. */
    @Test
    void everyAttemptIsCountedUnderTheLabelItsLogShows() throws Exception {
        Map<String, Long> logged = new TreeMap<>();
        for (Fault fault : Fault.values()) {
            JsonNode delivery = relay.awaitDelivery(deliveries.get(fault), "failed");
            for (AttemptLog.Attempt attempt : AttemptLog.of(delivery)) {
                logged.merge(attempt.error().substring(0, attempt.error().indexOf(':')), 1L, Long::sum);
            }
            System.out.printf("[figures] %-18s -> failed, attempts %d, label %s, status %s, waited %s before the retry (schedule %s s)%n",
                    fault, delivery.path("attempts").asInt(), fault.label, fault.status.map(String::valueOf).orElse("none"),
                    AttemptLog.waits(delivery), SCHEDULE);
        }

        Map<String, Long> counted = new TreeMap<>(AttemptCounts.byOutcome(relay.metrics()));
        counted.values().removeIf(count -> count == 0);
        assertThat(counted).isEqualTo(logged);
    }

    private String urlOf(Fault fault) {
        return switch (fault) {
            case REFUSED -> started(RefusingPort.open()).url();
            case UNTRUSTED_TLS -> untrusted.url();
            default -> {
                RawReceiver receiver = started(RawReceiver.start(scriptOf(fault)));
                rawReceivers.put(fault, receiver);
                yield receiver.url();
            }
        };
    }

    private Script scriptOf(Fault fault) {
        return switch (fault) {
            case TIMEOUT -> Script.answerAfter(RelayServer.WAIT);
            case SLOW_BODY -> Script.trickle(200, Duration.ofMillis(50));
            case RESET -> Script.reset();
            case HUGE_BODY -> Script.hugeBody(500, HUGE_BODY_BYTES);
            case ENDLESS_BODY -> Script.endlessBody(502);
            case REFUSED, UNTRUSTED_TLS -> throw new IllegalArgumentException(fault + " has no raw receiver");
            default -> Script.answer(fault.status.orElseThrow(), Map.of("Location", redirectedTo.url()));
        };
    }

    private <T extends AutoCloseable> T started(T receiver) {
        receivers.add(receiver);
        return receiver;
    }
}
