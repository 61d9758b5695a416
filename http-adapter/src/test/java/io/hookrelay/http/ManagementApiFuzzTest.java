package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.signing.WebhookSecrets;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
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
            "PUT /api/v1/targets/billing", "POST /api/v1/routes", "POST /api/v1/tenants", "PUT /api/v1/tenants/acme",
            "POST /api/v1/tenants/acme/keys");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer(new Sources(), new Targets(), new Routes(), new Tenants(), new Keys());
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
        public Source create(TenantId tenant, Source source) {
            return source;
        }

        @Override
        public Source replace(TenantId tenant, Source source) {
            return source;
        }
    }

    /** As the relay's target use case makes a target of a draft, and checks its host. */
    private static final class Targets extends RecordingTargets {
        private final SecureRandom random = new SecureRandom();

        @Override
        public Target create(TenantId tenant, TargetDraft draft) {
            Target target = draft.created(WebhookSecrets.generate(random, draft.schemeToGenerate()));
            EgressPolicy.DEFAULT.checkLiteralHost(target.url());
            return target;
        }

        @Override
        public TargetView replace(TenantId tenant, TargetDraft draft) {
            Target target = draft.replacing(Samples.target());
            EgressPolicy.DEFAULT.checkLiteralHost(target.url());
            return new TargetView(target, false);
        }
    }

    /** As the relay's route use case makes a route. */
    private static final class Routes implements ManageRoutes {
        private final Ulids ulids = new Ulids(Clock.systemUTC(), new Random());

        @Override
        public Route create(TenantId tenant, String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
            return new Route(ulids.next(Ulids.ROUTE), sourceId, targetId, eventTypes, filters);
        }

        @Override
        public List<Route> list(TenantId tenant) {
            return List.of();
        }

        @Override
        public void delete(TenantId tenant, String id) {
        }
    }

    /** As the relay's tenant use case makes a tenant of what it is given. */
    private static final class Tenants implements ManageTenants {
        @Override
        public Tenant create(String id, String name, TenantQuotas quotas) {
            return Tenant.created(id, name, quotas, Instant.EPOCH);
        }

        @Override
        public Page<Tenant> list(Optional<String> after, int limit) {
            return new Page<>(List.of(), Optional.empty());
        }

        @Override
        public Tenant get(String id) {
            return Tenant.created(id, id, TenantQuotas.NONE, Instant.EPOCH);
        }

        @Override
        public Tenant replace(String id, String name, TenantQuotas quotas) {
            return Tenant.created(id, name, quotas, Instant.EPOCH);
        }

        @Override
        public Tenant suspend(String id) {
            return get(id).withSuspended(true);
        }

        @Override
        public Tenant resume(String id) {
            return get(id);
        }

        @Override
        public void delete(String id) {
        }
    }

    /** As the relay's key use case issues a key: its name checked, its expiry in the future. */
    private static final class Keys implements ManageTenantKeys {
        private final Ulids ulids = new Ulids(Clock.systemUTC(), new Random());

        @Override
        public IssuedKey issue(String tenantId, String name, KeyScope scope, Optional<Instant> expiresAt) {
            if (expiresAt.filter(at -> !at.isAfter(Instant.now())).isPresent()) {
                throw new InvalidRequestException("expires_at must be in the future");
            }
            return new IssuedKey(new TenantKey(ulids.next(Ulids.KEY), tenantId, name, scope, Instant.now(), expiresAt, Optional.empty()),
                    "hrk_" + "A".repeat(43));
        }

        @Override
        public List<TenantKey> list(String tenantId) {
            return List.of();
        }

        @Override
        public void revoke(String tenantId, String keyId) {
        }
    }
}
