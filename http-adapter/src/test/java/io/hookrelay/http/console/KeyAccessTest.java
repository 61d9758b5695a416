package io.hookrelay.http.console;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.error.TenantSuspendedException;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingSources;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A tenant key opens the API in its own tenant only, a key of scope {@code read} reads only, and neither reaches the
 * operator's own paths; each refusal comes before any use case is called.
 */
class KeyAccessTest {
    private static final TenantId ACME = TenantId.of("acme");
    private static final String ADMIN = "hrk_admin";
    private static final String READ = "hrk_read";
    private static final String SUSPENDED = "hrk_suspended";
    private static final Map<String, KeyGrant> GRANTS = Map.of(
            ADMIN, new KeyGrant(ACME, "key_admin", KeyScope.ADMIN), READ, new KeyGrant(ACME, "key_read", KeyScope.READ));

    private final RecordingSources sources = new RecordingSources();
    private final SignInWithKeys keys = tokenHash -> {
        if (tokenHash.equals(KeyTokens.hash(SUSPENDED))) {
            throw new TenantSuspendedException("acme");
        }
        return GRANTS.keySet().stream().filter(token -> KeyTokens.hash(token).equals(tokenHash)).findFirst().map(GRANTS::get);
    };
    private final ApiServer server = new ApiServer(sources, keys);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anAdminKeyActsInItsTenantWithOrWithoutNamingIt() throws Exception {
        assertThat(send(ADMIN, "GET", "/api/v1/sources", Optional.empty()).statusCode()).isEqualTo(200);
        assertThat(send(ADMIN, "DELETE", "/api/v1/sources/github", Optional.of("acme")).statusCode()).isEqualTo(204);

        assertThat(sources.tenants).containsExactly(ACME, ACME);
        assertThat(server.audited()).singleElement().satisfies(change -> {
            assertThat(change.actor()).isEqualTo("key_admin");
            assertThat(change.tenantId()).isEqualTo("acme");
        });
    }

    @Test
    void aKeyNamingAnotherTenantIsForbidden() throws Exception {
        assertErrorShape(send(ADMIN, "GET", "/api/v1/sources", Optional.of("default")), 403, "forbidden");
        assertThat(sources.given).isEmpty();
    }

    @Test
    void aReadKeyReadsAndChangesNothing() throws Exception {
        assertThat(send(READ, "GET", "/api/v1/sources/github", Optional.empty()).statusCode()).isEqualTo(200);

        assertErrorShape(send(READ, "DELETE", "/api/v1/sources/github", Optional.empty()), 403, "forbidden");
        assertThat(sources.given).containsExactly("get github");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/tenants", "/api/v1/tenants/acme", "/api/v1/tenants/acme/keys", "/api/v1/tenants/acme/usage",
        "/api/v1/admin/backup"})
    void noKeyReachesTheOperatorsOwnPaths(String path) throws Exception {
        assertErrorShape(send(ADMIN, "GET", path, Optional.empty()), 403, "forbidden");
    }

    @Test
    void aKeyThatIsNoOnesIsUnauthorizedAndASuspendedTenantsForbidden() throws Exception {
        assertErrorShape(send("hrk_revoked", "GET", "/api/v1/sources", Optional.empty()), 401, "unauthorized");
        assertErrorShape(send(SUSPENDED, "GET", "/api/v1/sources", Optional.empty()), 403, "tenant_suspended");
        assertThat(sources.given).isEmpty();
    }

    private HttpResponse<String> send(String token, String method, String path, Optional<String> tenant) throws Exception {
        HttpRequest.Builder request = server.request(path).header("Authorization", "Bearer " + token);
        tenant.ifPresent(id -> request.header("Hookrelay-Tenant", id));
        return server.send(request, method, null);
    }
}
