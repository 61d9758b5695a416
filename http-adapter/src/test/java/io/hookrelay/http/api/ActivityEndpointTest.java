package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.ActivitySample;
import io.hookrelay.http.ApiServer;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/stats/activity} answers with the caller's tenant's samples alone: a key's, or the operator's. */
class ActivityEndpointTest {
    private static final TenantId ACME = TenantId.of("acme");
    private static final String ACME_KEY = "hrk_acme_read";
    private static final Instant AT = Instant.parse("2025-03-01T12:00:10Z");
    private static final Map<TenantId, List<ActivitySample>> SAMPLES = Map.of(
            TenantId.DEFAULT, List.of(new ActivitySample(AT, 7.5, 7.0, 0.5, OptionalDouble.of(12), Map.of("gone", 40L))),
            ACME, List.of(new ActivitySample(AT, 0.1, 0.0, 0.0, OptionalDouble.empty(), Map.of("ci", 1L))));

    private final SignInWithKeys keys = tokenHash -> tokenHash.equals(KeyTokens.hash(ACME_KEY))
            ? Optional.of(new KeyGrant(ACME, "key_acme", KeyScope.READ))
            : Optional.empty();
    private final ApiServer server = new ApiServer(routes -> routes.withActivity(tenant -> SAMPLES.getOrDefault(tenant, List.of())), keys);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aTenantsKeySeesItsOwnTenantsSamplesOnly() throws Exception {
        HttpResponse<String> response = server.send(server.request("/api/v1/stats/activity").header("Authorization", "Bearer " + ACME_KEY),
                "GET", null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("""
                {"samples":[{"at":"2025-03-01T12:00:10Z","accepted_per_s":0.1,"delivered_per_s":0.0,"failed_per_s":0.0,\
                "mean_lag_ms":null,"pending_by_target":{"ci":1}}]}""");
    }

    @Test
    void theOperatorWithoutATenantHeaderSeesTheDefaultTenants() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/stats/activity", null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"accepted_per_s\":7.5", "\"gone\":40").doesNotContain("\"ci\"");
    }
}
