package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingTargets;
import io.hookrelay.http.Samples;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each target endpoint turns its request into the right {@code ManageTargets} call; only create and rotate show the secret. */
class TargetEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RecordingTargets targets = new RecordingTargets();
    private final ApiServer server = new ApiServer(targets);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void createTargetWithDefaultsAnswersWithTheSecret() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/targets", "{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\"}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(targets.given).containsExactly(new TargetDraft("billing", URI.create("https://billing.example/hooks"), Optional.empty(),
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT, Optional.empty(), Optional.empty()));
        assertThat(JSON.readTree(response.body()).get("secret").asText()).isEqualTo(Samples.SECRET);
    }

    @Test
    void createTargetMapsEveryField() throws Exception {
        server.send("POST", "/api/v1/targets", "{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\",\"secret\":\"" + Samples.SECRET
                + "\",\"timeout_ms\":2500,\"retry_schedule_s\":[0,5,300],\"max_in_flight\":4,\"rate_limit_per_s\":2.5,\"signature\":\"v1\",\"ordering\":\"fifo\"}");

        assertThat(targets.given).containsExactly(new TargetDraft("billing", URI.create("https://billing.example/hooks"), Optional.of(Samples.SECRET),
                Duration.ofMillis(2500), List.of(Duration.ZERO, Duration.ofSeconds(5), Duration.ofMinutes(5)), 4,
                Optional.of(new RateLimit(2.5)), Optional.of(SignatureScheme.V1), DeliveryOrdering.FIFO));
    }

    @Test
    void targetAnswersOtherThanCreateNeverShowTheSecret() throws Exception {
        List<HttpResponse<String>> responses = List.of(
                server.send("GET", "/api/v1/targets", null),
                server.send("GET", "/api/v1/targets/billing", null),
                server.send("PUT", "/api/v1/targets/billing", "{\"url\":\"https://billing.example/v2\",\"secret\":\"" + Samples.SECRET + "\"}"),
                server.send("POST", "/api/v1/targets/billing/pause", null),
                server.send("POST", "/api/v1/targets/billing/resume", "{}"));

        assertThat(responses).allSatisfy(response -> {
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).doesNotContain("secret").doesNotContain("whsec_");
        });
        assertThat(targets.given).contains(new TargetDraft("billing", URI.create("https://billing.example/v2"), Optional.of(Samples.SECRET),
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT, Optional.empty(), Optional.empty()),
                "pause billing",
                "resume billing");
        assertThat(server.send("DELETE", "/api/v1/targets/billing", null).statusCode()).isEqualTo(204);
    }

    /** A rotation's answer is the one besides a create's that shows the secret; without a body it takes the defaults. */
    @Test
    void rotatingASecretAnswersWithTheNewOne() throws Exception {
        HttpResponse<String> asked = server.send("POST", "/api/v1/targets/billing/rotate-secret", "{\"grace_s\":60,\"signature\":\"v1a\"}");
        HttpResponse<String> defaults = server.send("POST", "/api/v1/targets/billing/rotate-secret", null);

        assertThat(asked.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(asked.body()).get("secret").asText()).isEqualTo(Samples.SECRET);
        assertThat(defaults.statusCode()).isEqualTo(200);
        assertThat(targets.given).containsExactly("rotate billing PT1M Optional[V1A]", "rotate billing PT24H Optional.empty");
    }
}
