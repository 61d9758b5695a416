package io.hookrelay.http;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.queue.IntentState;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** Valid domain values for tests, with fixed ids and times so that expected JSON can be written out. */
public final class Samples {
    public static final Instant RECEIVED = Instant.parse("2024-05-01T12:00:00.123456Z");
    public static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final Ulids ULIDS = new Ulids(Clock.fixed(RECEIVED, ZoneOffset.UTC), new Random(7));
    public static final String EVENT_ID = ULIDS.next(Ulids.EVENT);
    public static final String DELIVERY_ID = ULIDS.next(Ulids.DELIVERY);
    public static final String ROUTE_ID = ULIDS.next(Ulids.ROUTE);

    private Samples() {
    }

    public static Source githubSource() {
        return new Source("github", new Verification(VerificationScheme.HMAC_SHA256, "gh-secret", null, null, null),
                Optional.of("X-GitHub-Delivery"), new EventTypeSource.Header("X-GitHub-Event"), 2048);
    }

    public static Source plainSource(String id) {
        return new Source(id, Verification.none(), Optional.empty(), new EventTypeSource.None(), Source.DEFAULT_MAX_BODY_BYTES);
    }

    public static Target target() {
        return new Target("billing", URI.create("https://billing.example/hooks"), SECRET, Duration.ofMillis(2500),
                List.of(Duration.ofSeconds(5), Duration.ofMinutes(5)), 4);
    }

    public static TargetView pausedTarget() {
        return new TargetView(target(), true);
    }

    public static Route route() {
        return new Route(ROUTE_ID, "github", "billing", List.of("push", "issue.*"), List.of());
    }

    public static Event event() {
        return new Event(EVENT_ID, "github", Optional.of("push"), RECEIVED, "application/json",
                Map.of("x-github-event", "push", "content-type", "application/json"),
                "{\"ref\":\"main\"}".getBytes(StandardCharsets.UTF_8));
    }

    public static Delivery delivery(IntentState state, String lastError) {
        return new Delivery(DELIVERY_ID, EVENT_ID, "billing", state, 2, RECEIVED.plusSeconds(5), lastError, RECEIVED,
                RECEIVED.plusSeconds(1));
    }
}
