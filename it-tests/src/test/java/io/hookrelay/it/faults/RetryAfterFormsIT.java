package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.faults.RawReceiver.Exchange;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A receiver that answers 429 or 503 with {@code Retry-After} is not asked again sooner than it said, in
 * either of the header's forms, although its target's schedule would retry at once; the wait it may ask for is
 * capped at a day; and on any other status the header is no reason to wait. (429 with delta-seconds is
 * {@code RetryAfterIT}'s.)
 *
 * <p>"Sooner" is judged without tolerance, on the wall clock that the relay's times are in too: the receiver
 * notes when it began to send its answer (the relay cannot have read it before), and works a date out from
 * when the request arrived.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RetryAfterFormsIT {
    /** Immediate: whatever wait there is, the receiver asked for it. */
    private static final List<Integer> SCHEDULE = List.of(0);
    private static final Duration ASKED = Duration.ofSeconds(2);
    private static final Duration CAP = Duration.ofHours(24);
    private static final String CAPPED = "a-year";
    private static final String OTHER_STATUS = "other-status";
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM uuuu HH:mm:ss 'GMT'", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter ASCTIME_DATE =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss uuuu", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    /** A status that asks for time, and the form it asks in. */
    enum Ask {
        UNAVAILABLE_FOR_SECONDS(503, Optional.empty()),
        UNAVAILABLE_UNTIL_AN_HTTP_DATE(503, Optional.of(IMF_FIXDATE)),
        TOO_MANY_REQUESTS_UNTIL_AN_HTTP_DATE(429, Optional.of(IMF_FIXDATE)),
        /** The obsolete form RFC 9110 still has recipients read. */
        TOO_MANY_REQUESTS_UNTIL_AN_ASCTIME_DATE(429, Optional.of(ASCTIME_DATE));

        final int status;
        /** Empty for delta-seconds. */
        final Optional<DateTimeFormatter> dateForm;

        Ask(int status, Optional<DateTimeFormatter> dateForm) {
            this.status = status;
            this.dateForm = dateForm;
        }

        /** A date asked for: whole seconds, at least {@link RetryAfterFormsIT#ASKED} after the request arrived. */
        Instant dateAsked(Exchange first) {
            return first.arrivedAt().plus(ASKED).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        }

        String header(Exchange first) {
            return dateForm.map(form -> form.format(dateAsked(first))).orElse(Long.toString(ASKED.toSeconds()));
        }

        /** The earliest moment the receiver asked to be called again. */
        Instant notBefore(Exchange first) {
            return dateForm.isPresent() ? dateAsked(first) : first.answerStartedAt().orElseThrow().plus(ASKED);
        }

        String label() {
            return "http_" + status / 100 + "xx";
        }
    }

    private RelayServer relay;
    /** Receivers and delivery ids by source and target id. */
    private final Map<String, RawReceiver> receivers = new LinkedHashMap<>();
    private final Map<String, String> deliveries = new LinkedHashMap<>();

    @BeforeAll
    void sendOneEventPerCase(@TempDir Path dataDir) throws Exception {
        relay = RelayServer.start(dataDir);
        for (Ask ask : Ask.values()) {
            startReceiver(FaultRoutes.idOf(ask), Script.answer(ask.status, exchange -> Map.of("Retry-After", ask.header(exchange)), "not now"));
        }
        startReceiver(CAPPED, Script.answer(429, Map.of("Retry-After", Long.toString(Duration.ofDays(365).toSeconds()))));
        startReceiver(OTHER_STATUS, Script.answer(500, Map.of("Retry-After", "3600")));
        deliveries.putAll(Concurrently.map(List.copyOf(receivers.keySet()), id -> {
            FaultRoutes.route(relay, id, receivers.get(id).url(), Duration.ofSeconds(10), SCHEDULE);
            return FaultRoutes.deliverOne(relay, id);
        }));
    }

    @AfterAll
    void stop() {
        if (relay != null) {
            relay.close();
        }
        receivers.values().forEach(RawReceiver::close);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Ask.class)
    void theRetryComesNoSoonerThanAsked(Ask ask) throws Exception {
        JsonNode delivery = relay.awaitDelivery(deliveries.get(FaultRoutes.idOf(ask)), "completed");

        List<Exchange> exchanges = receivers.get(FaultRoutes.idOf(ask)).awaitEnded(2);
        Instant notBefore = ask.notBefore(exchanges.get(0));
        assertThat(exchanges.get(1).arrivedAt()).as("the retry's arrival").isAfterOrEqualTo(notBefore);
        List<AttemptLog.Attempt> log = AttemptLog.of(delivery);
        assertThat(log).hasSize(2);
        assertThat(log.get(1).startedAt()).as("the retry's logged start").isAfterOrEqualTo(notBefore.truncatedTo(ChronoUnit.MILLIS));
        assertThat(log.get(0).statusCode()).contains(ask.status);
        assertThat(log.get(0).error()).startsWith(ask.label() + ": receiver answered " + ask.status + "; Retry-After ");
        assertThat(log.get(1).statusCode()).contains(200);
        System.out.printf("[figures] %s: Retry-After \"%s\", retry arrived %s after the answer (asked: not before %s)%n", ask,
                ask.header(exchanges.get(0)),
                Duration.between(exchanges.get(0).answerStartedAt().orElseThrow(), exchanges.get(1).arrivedAt()),
                Duration.between(exchanges.get(0).answerStartedAt().orElseThrow(), notBefore));
    }

    /** A receiver cannot park a delivery for a year: the wait is capped at a day, and the delivery stays pending. */
    @Test
    void aWaitBeyondTheCapIsCutToADay() throws Exception {
        Await.until("the capped delivery's first attempt logged", RelayServer.WAIT,
                () -> relay.delivery(deliveries.get(CAPPED)).path("attempt_log").size() == 1);
        JsonNode delivery = relay.delivery(deliveries.get(CAPPED));
        Instant readAt = Instant.now();

        Instant answeredAt = receivers.get(CAPPED).awaitEnded(1).get(0).answerStartedAt().orElseThrow();
        assertThat(delivery.path("state").asText()).isEqualTo("pending");
        assertThat(delivery.path("last_error").asText()).isEqualTo("http_4xx: receiver answered 429; Retry-After " + CAP.toSeconds() + " s");
        assertThat(Instant.parse(delivery.path("next_at").asText()))
                .isBetween(answeredAt.truncatedTo(ChronoUnit.MILLIS).plus(CAP), readAt.plus(CAP));
        relay.api().post("/api/v1/deliveries/" + deliveries.get(CAPPED) + "/cancel").expect(200);
        assertThat(receivers.get(CAPPED).exchanges()).hasSize(1);
    }

    /** DESIGN §4 honours Retry-After on 429 and 503 only: a 500 asking for an hour is retried on the schedule. */
    @Test
    void retryAfterOnAnotherStatusIsNoReasonToWait() throws Exception {
        JsonNode delivery = relay.awaitDelivery(deliveries.get(OTHER_STATUS), "completed");

        List<AttemptLog.Attempt> log = AttemptLog.of(delivery);
        assertThat(log).hasSize(2);
        assertThat(log.get(0).error()).isEqualTo("http_5xx: receiver answered 500");
        AttemptLog.assertNoRetryEarly(delivery, SCHEDULE);
    }

    /** A receiver for target {@code id} that answers with {@code first} once, then 200. */
    private void startReceiver(String id, Script first) {
        receivers.put(id, RawReceiver.start(Script.inTurn(first, Script.answer(200, Map.of()))));
    }
}
