package io.hookrelay.http.console;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.admin.KeySignIn;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingSources;
import io.hookrelay.queue.testing.MutableClock;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A console a tenant's admin key signed in to acts as the key would in the API (DESIGN §12), its key signed in again
 * through {@link KeySignIn}, with its cache, on every request: never the token kept, never the key trusted as it was.
 */
class KeyConsoleTest {
    private final MutableClock clock = new MutableClock();
    private final StoredKeys stored = new StoredKeys();
    private final String admin = stored.issue("acme", KeyScope.ADMIN, clock.instant());
    private final RecordingSources sources = new RecordingSources();
    private final ApiServer server = new ApiServer(routes -> routes.withConsole(clock, false), sources,
            new KeySignIn(stored, stored, clock, KeySignIn.DEFAULT_MAX_AGE));
    private final ConsoleClient console = new ConsoleClient(server);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anAdminKeySignsInToItsTenantsConsoleAndTheCookieHoldsNotTheToken() throws Exception {
        HttpResponse<String> signedIn = console.signIn(admin);
        String cookie = ConsoleClient.setCookie(signedIn, ConsoleSessions.COOKIE);

        assertThat(signedIn.headers().firstValue("Location")).hasValue("/console");
        assertThat(cookie).doesNotContain(admin).doesNotContain(admin.substring("hrk_".length()));
        assertThat(console.get("/console", cookie.substring(0, cookie.indexOf(';'))).body())
                .contains("<meta name=\"tenant\" content=\"acme\">");
    }

    @Test
    void theOperatorsPageNamesNoTenant() throws Exception {
        assertThat(console.get("/console", console.sessionCookie(ApiServer.TOKEN)).body()).contains("<meta name=\"tenant\" content=\"\">");
    }

    @Test
    void itsCallsActInItsOwnTenantAndItsChangesAreAuditedAsTheKey() throws Exception {
        String cookie = console.sessionCookie(admin);

        HttpResponse<String> list = console.get("/api/v1/sources", cookie);
        HttpResponse<String> deleted = console.send(server.request("/api/v1/sources/github").header("Cookie", cookie)
                .header(ApiAuthentication.CSRF_HEADER, console.csrfToken(cookie)).DELETE());

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(deleted.statusCode()).isEqualTo(204);
        assertThat(sources.tenants).containsExactly(TenantId.of("acme"), TenantId.of("acme"));
        assertThat(server.audited()).singleElement().satisfies(change -> {
            assertThat(change.actor()).isEqualTo(stored.idOf(admin));
            assertThat(change.tenantId()).isEqualTo("acme");
        });
    }

    @Test
    void itsCallsNamingAnotherTenantAreForbidden() throws Exception {
        String cookie = console.sessionCookie(admin);

        assertErrorShape(console.send(server.request("/api/v1/sources").header("Cookie", cookie).header("Hookrelay-Tenant", "default")),
                403, "forbidden");
        assertThat(sources.given).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/tenants", "/api/v1/tenants/acme", "/api/v1/tenants/acme/keys", "/api/v1/admin/backup"})
    void itNeverReachesTheOperatorsOwnPaths(String path) throws Exception {
        assertErrorShape(console.get(path, console.sessionCookie(admin)), 403, "forbidden");
    }

    @Test
    void aRevokedKeysConsoleIsUnauthorizedOnceTheKeysCacheWindowHasPassed() throws Exception {
        String cookie = console.sessionCookie(admin);
        assertThat(console.get("/api/v1/sources", cookie).statusCode()).isEqualTo(200);

        stored.revoke(admin);
        clock.advance(KeySignIn.DEFAULT_MAX_AGE);

        assertErrorShape(console.get("/api/v1/sources", cookie), 401, "unauthorized");
        assertThat(console.get("/console", cookie).headers().firstValue("Location")).hasValue("/console/login?expired");
        assertThat(sources.given).containsExactly("list");
    }

    @Test
    void aSuspendedTenantsConsoleIsForbiddenOnceTheKeysCacheWindowHasPassed() throws Exception {
        String cookie = console.sessionCookie(admin);

        stored.setSuspended("acme", true);
        clock.advance(KeySignIn.DEFAULT_MAX_AGE);

        assertErrorShape(console.get("/api/v1/sources", cookie), 403, "tenant_suspended");
        assertThat(console.get("/console", cookie).headers().firstValue("Location")).hasValue("/console/login?suspended");
        assertThat(console.signIn(admin).headers().firstValue("Location")).hasValue("/console/login?suspended");
    }

    @Test
    void aDeletedTenantsConsoleIsUnauthorizedOnceTheKeysCacheWindowHasPassed() throws Exception {
        String cookie = console.sessionCookie(admin);

        stored.delete("acme");
        clock.advance(KeySignIn.DEFAULT_MAX_AGE);

        assertErrorShape(console.get("/api/v1/sources", cookie), 401, "unauthorized");
    }

    @Test
    void aReadKeyIsRefusedSayingWhy() throws Exception {
        HttpResponse<String> refused = console.signIn(stored.issue("acme", KeyScope.READ, clock.instant()));

        assertThat(refused.headers().firstValue("Location")).hasValue("/console/login?read");
        assertThat(refused.headers().firstValue("Set-Cookie")).isEmpty();
        assertThat(console.get("/console/login?read", null).body()).contains("A key of scope read cannot sign in");
    }

    @Test
    void aWrongKeyFailsAndIsThrottledAsAWrongTokenIs() throws Exception {
        HttpResponse<String> wrong = console.signIn("hrk_no-ones");
        HttpResponse<String> rightTooSoon = console.signIn(admin);

        assertThat(wrong.headers().firstValue("Location")).hasValue("/console/login?failed");
        assertThat(rightTooSoon.headers().firstValue("Location")).hasValue("/console/login?wait");
    }
}
