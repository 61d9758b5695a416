package io.hookrelay.http.api;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingSources;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operator acts in the tenant {@code Hookrelay-Tenant} names, else in {@code default}; a tenant that does not exist
 * is a {@code 404} before any use case is called, and a header that names no tenant id a {@code 400}.
 */
class TenantHeaderTest {
    private final RecordingSources sources = new RecordingSources();
    private final List<String> lookedUp = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(sources, new OnlyAcme());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aRequestActsInTheTenantItsHeaderNamesAndWithoutOneInTheDefault() throws Exception {
        assertThat(inTenant("acme", "/api/v1/sources").statusCode()).isEqualTo(200);
        assertThat(server.send("GET", "/api/v1/sources/github", null).statusCode()).isEqualTo(200);

        assertThat(sources.tenants).containsExactly(TenantId.of("acme"), TenantId.DEFAULT);
        assertThat(lookedUp).containsExactly("acme");
    }

    @Test
    void aTenantThatDoesNotExistIsNotFoundAndNothingIsCalled() throws Exception {
        HttpResponse<String> response = inTenant("globex", "/api/v1/sources");

        assertErrorShape(response, 404, "not_found");
        assertThat(sources.given).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Acme", "-acme", "acme/x", "acme, globex", " "})
    void aHeaderThatNamesNoTenantIdIsABadRequest(String value) throws Exception {
        HttpResponse<String> response = inTenant(value, "/api/v1/sources");

        assertErrorShape(response, 400, "invalid_request");
        assertThat(sources.given).isEmpty();
        assertThat(lookedUp).isEmpty();
    }

    private HttpResponse<String> inTenant(String tenant, String path) throws Exception {
        return server.send(server.request(path).header("Authorization", "Bearer " + ApiServer.TOKEN)
                .header("Hookrelay-Tenant", tenant), "GET", null);
    }

    /** A deployment whose one tenant beside {@code default} is {@code acme}. */
    private final class OnlyAcme implements ManageTenants {
        @Override
        public Tenant get(String id) {
            lookedUp.add(id);
            if (!id.equals("acme")) {
                throw new NotFoundException("not_found", "no tenant " + id);
            }
            return Tenant.created(id, "Acme", TenantQuotas.NONE, Instant.EPOCH);
        }

        @Override
        public Tenant create(String id, String name, TenantQuotas quotas) {
            throw new AssertionError("not created here");
        }

        @Override
        public Page<Tenant> list(Optional<String> after, int limit) {
            throw new AssertionError("not listed here");
        }

        @Override
        public Tenant replace(String id, String name, TenantQuotas quotas) {
            throw new AssertionError("not replaced here");
        }

        @Override
        public Tenant suspend(String id) {
            throw new AssertionError("not suspended here");
        }

        @Override
        public Tenant resume(String id) {
            throw new AssertionError("not resumed here");
        }

        @Override
        public void delete(String id) {
            throw new AssertionError("not deleted here");
        }
    }
}
