package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.signing.WebhookSecrets;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.delivery.usecase.ManageSources;
import io.hookrelay.delivery.usecase.ManageTargets;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The management API's bodies as a client may write them, for the endpoints that create and replace sources, targets
 * and routes, each reaching the domain's own checks as the relay's use cases do: a request is answered, or refused with
 * a 4xx in the API's error shape, never a {@code 500}.
 *
 * <p>An input is the method and path, {@code POST /api/v1/targets} say, on a line, then the body.
 */
class ManagementApiFuzzTest {
    private static final Set<String> ENDPOINTS = Set.of("POST /api/v1/sources", "PUT /api/v1/sources/github", "POST /api/v1/targets",
            "PUT /api/v1/targets/billing", "POST /api/v1/routes");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer(new Sources(), new Targets(), new Routes());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @FuzzTest(maxDuration = "3m")
    void aBodyIsTakenOrRefusedWithA4xxInTheErrorShapeNeverA500(byte[] input) throws IOException, InterruptedException {
        int newline = 0;
        while (newline < input.length && input[newline] != '\n') {
            newline++;
        }
        String endpoint = new String(input, 0, newline, StandardCharsets.UTF_8);
        if (!ENDPOINTS.contains(endpoint) || newline == input.length) {
            return;
        }
        String[] methodAndPath = endpoint.split(" ");
        byte[] body = Arrays.copyOfRange(input, newline + 1, input.length);

        HttpResponse<String> answer;
        // Jazzer's bug detectors take any connection for a forged request unless it is allowed.
        SilentCloseable onlyTheServer = BugDetectors.allowNetworkConnections((host, port) -> port == server.port());
        try {
            answer = server.send(server.request(methodAndPath[1])
                    .header("Authorization", "Bearer " + ApiServer.TOKEN)
                    .header("Content-Type", "application/json")
                    .method(methodAndPath[0], HttpRequest.BodyPublishers.ofByteArray(body)).build());
        } finally {
            onlyTheServer.close();
        }

        assertThat(answer.statusCode()).as(answer.body()).isIn(200, 201, 400, 409, 413);
        if (answer.statusCode() >= 400) {
            JsonNode error = JSON.readTree(answer.body());
            assertThat(error.size()).isEqualTo(2);
            assertThat(error.path("error").asText()).isNotBlank();
            assertThat(error.path("message").asText()).isNotBlank().doesNotContain("Exception");
        }
    }

    /** What the relay's source use case checks beyond the request itself: nothing, the domain did. */
    private static final class Sources extends RecordingSources {
        @Override
        public Source create(Source source) {
            return source;
        }

        @Override
        public Source replace(Source source) {
            return source;
        }
    }

    /** As the relay's target use case makes a target of a draft, and checks its host. */
    private static final class Targets extends RecordingTargets {
        private final SecureRandom random = new SecureRandom();

        @Override
        public Target create(TargetDraft draft) {
            Target target = draft.created(WebhookSecrets.generate(random, draft.schemeToGenerate()));
            EgressPolicy.DEFAULT.checkLiteralHost(target.url());
            return target;
        }

        @Override
        public TargetView replace(TargetDraft draft) {
            Target target = draft.replacing(Samples.target());
            EgressPolicy.DEFAULT.checkLiteralHost(target.url());
            return new TargetView(target, false);
        }
    }

    /** As the relay's route use case makes a route. */
    private static final class Routes implements ManageRoutes {
        private final Ulids ulids = new Ulids(Clock.systemUTC(), new Random());

        @Override
        public Route create(String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
            return new Route(ulids.next(Ulids.ROUTE), sourceId, targetId, eventTypes, filters);
        }

        @Override
        public List<Route> list() {
            return List.of();
        }

        @Override
        public void delete(String id) {
        }
    }
}
