package io.hookrelay.http.api;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.http.ApiServer;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Tenants as the operator writes and reads them, mapped to and from the use case's terms. */
class TenantEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant CREATED = Instant.parse("2026-12-07T10:00:00.250Z");
    private static final String KEY_ID = "key_01JF0000000000000000000001";
    private static final String TOKEN = "hrk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(new ManageTenants() {
        @Override
        public Tenant create(String id, String name, TenantQuotas quotas) {
            Tenant tenant = Tenant.created(id, name, quotas, CREATED);
            calls.add("create " + id);
            return tenant;
        }

        @Override
        public Page<Tenant> list(Optional<String> after, int limit) {
            calls.add("list after " + after.orElse("-") + " " + limit);
            return new Page<>(List.of(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED)), Optional.of("acme"));
        }

        @Override
        public Tenant get(String id) {
            calls.add("get " + id);
            return Tenant.created(id, "Acme", TenantQuotas.NONE, CREATED);
        }

        @Override
        public Tenant replace(String id, String name, TenantQuotas quotas) {
            Tenant tenant = Tenant.created(id, name, quotas, CREATED);
            calls.add("replace " + id);
            return tenant;
        }

        @Override
        public Tenant suspend(String id) {
            calls.add("suspend " + id);
            return Tenant.created(id, "Acme", TenantQuotas.NONE, CREATED).withSuspended(true);
        }

        @Override
        public Tenant resume(String id) {
            calls.add("resume " + id);
            return Tenant.created(id, "Acme", TenantQuotas.NONE, CREATED);
        }

        @Override
        public void delete(String id) {
            calls.add("delete " + id);
            if (Tenant.DEFAULT.equals(id)) {
                throw new ConflictException("tenant default always exists and cannot be deleted");
            }
        }
    });

    private final ApiServer keyServer = new ApiServer(new ManageTenantKeys() {
        @Override
        public IssuedKey issue(String tenantId, String name, KeyScope scope, Optional<Instant> expiresAt) {
            TenantKey key = new TenantKey(KEY_ID, tenantId, name, scope, CREATED, expiresAt, Optional.empty());
            calls.add("issue " + tenantId + " " + scope.wireName());
            return new IssuedKey(key, TOKEN);
        }

        @Override
        public List<TenantKey> list(String tenantId) {
            calls.add("list keys " + tenantId);
            return List.of(new TenantKey(KEY_ID, tenantId, "ci", KeyScope.READ, CREATED, Optional.empty(), Optional.of(CREATED)));
        }

        @Override
        public void revoke(String tenantId, String keyId) {
            calls.add("revoke " + tenantId + " " + keyId);
        }
    });

    @AfterEach
    void stop() {
        keyServer.close();
        server.close();
    }

    @Test
    void aTenantIsCreatedWithItsQuotasAndShownWithThem() throws Exception {
        HttpResponse<String> created = server.send("POST", "/api/v1/tenants",
                "{\"id\":\"acme\",\"name\":\"Acme\",\"quotas\":{\"ingest_per_s\":50,\"max_targets\":3}}");

        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(JSON.readTree(created.body())).isEqualTo(JSON.readTree("""
                {"id":"acme","name":"Acme","quotas":{"ingest_per_s":50,"max_in_flight":null,"max_sources":null,"max_targets":3},
                 "suspended":false,"created_at":"2026-12-07T10:00:00.250Z"}"""));
    }

    @Test
    void aTenantWithoutANameIsNamedByItsIdAndHasNoQuotas() throws Exception {
        JsonNode created = JSON.readTree(server.send("POST", "/api/v1/tenants", "{\"id\":\"acme\"}").body());

        assertThat(created.path("name").asText()).isEqualTo("acme");
        assertThat(created.path("quotas").path("ingest_per_s").isNull()).isTrue();
    }

    @Test
    void aListPageCarriesACursorThatPagesOnFromItsLastTenant() throws Exception {
        JsonNode first = JSON.readTree(server.send("GET", "/api/v1/tenants?limit=1", null).body());
        String cursor = first.path("next_cursor").asText();

        assertThat(first.path("data")).hasSize(1);
        assertThat(server.send("GET", "/api/v1/tenants?limit=1&cursor=" + cursor, null).statusCode()).isEqualTo(200);
        assertThat(calls).containsExactly("list after - 1", "list after acme 1");
    }

    @Test
    void suspendResumeReplaceAndDeleteCallTheUseCaseForThePathsTenant() throws Exception {
        assertThat(JSON.readTree(server.send("POST", "/api/v1/tenants/acme/suspend", null).body()).path("suspended").asBoolean())
                .isTrue();
        assertThat(server.send("POST", "/api/v1/tenants/acme/resume", null).statusCode()).isEqualTo(200);
        assertThat(server.send("PUT", "/api/v1/tenants/acme", "{\"name\":\"Acme Inc\"}").statusCode()).isEqualTo(200);
        assertThat(server.send("DELETE", "/api/v1/tenants/acme", null).statusCode()).isEqualTo(204);
        assertErrorShape(server.send("DELETE", "/api/v1/tenants/default", null), 409, "conflict");

        assertThat(calls).containsExactly("suspend acme", "resume acme", "replace acme", "delete acme", "delete default");
        assertThat(server.audited()).extracting(AuditedChange::tenantId, AuditedChange::action, AuditedChange::resourceId)
                .containsExactly(tuple("acme", "tenant.suspend", Optional.of("acme")), tuple("acme", "tenant.resume", Optional.of("acme")),
                        tuple("acme", "tenant.update", Optional.of("acme")), tuple("acme", "tenant.delete", Optional.of("acme")));
    }

    /** The fake makes its tenant before it records a call, as the relay's use case refuses before it stores. */
    @Test
    void aTenantThatIsNotOneIsRefusedAndNothingIsDone() throws Exception {
        for (String bad : List.of("{}", "{\"id\":\"Acme!\"}", "{\"id\":\"acme\",\"name\":\"\"}", "{\"id\":\"acme\",\"name\":\" \"}",
                "{\"id\":\"acme\",\"name\":\"a\\u0007b\"}", "{\"id\":\"acme\",\"quotas\":{\"max_sources\":0}}",
                "{\"id\":\"acme\",\"quotas\":{\"ingest_per_s\":-5}}", "{\"id\":\"acme\",\"quotas\":{\"ingest_per_s\":1.5}}",
                "{\"id\":\"acme\",\"quotas\":{\"ingest_per_s\":\"10\"}}", "{\"id\":\"acme\",\"quotas\":{\"burst\":10}}",
                "{\"id\":\"acme\",\"suspended\":true}", "{\"id\":\"acme\",\"name\":\"" + "n".repeat(Tenant.LONGEST_NAME + 1) + "\"}",
                "[]", "")) {
            assertThat(server.send("POST", "/api/v1/tenants", bad).statusCode()).as(bad).isEqualTo(400);
        }
        assertErrorShape(server.send("PUT", "/api/v1/tenants/acme", "{\"id\":\"other\"}"), 400, "invalid_request");
        assertErrorShape(server.send("GET", "/api/v1/tenants/ACME", null), 400, "invalid_request");
        assertErrorShape(server.send("GET", "/api/v1/tenants?cursor=bm90IGFuIGlkIQ", null), 400, "invalid_cursor");
        assertErrorShape(server.send("GET", "/api/v1/tenants?limit=0", null), 400, "invalid_request");
        assertErrorShape(server.send("GET", "/api/v1/tenants?tenant=acme", null), 400, "invalid_request");

        assertThat(calls).isEmpty();
    }

    @Test
    void quotasReachTheUseCaseAsGiven() {
        TenantHandlers.TenantJson.Request request = new TenantHandlers.TenantJson.Request("acme", null, new TenantHandlers.TenantJson.QuotasJson(10, null, 2, null));

        assertThat(request.tenantQuotas()).isEqualTo(new TenantQuotas(OptionalInt.of(10), OptionalInt.empty(), OptionalInt.of(2),
                OptionalInt.empty()));
    }

    @Test
    void anIssuedKeyShowsItsTokenOnceAndAListShowsNone() throws Exception {
        HttpResponse<String> issued = keyServer.send("POST", "/api/v1/tenants/acme/keys",
                "{\"name\":\"deploys\",\"scope\":\"admin\",\"expires_at\":\"2027-01-01T00:00:00Z\"}");
        HttpResponse<String> listed = keyServer.send("GET", "/api/v1/tenants/acme/keys", null);

        assertThat(issued.statusCode()).isEqualTo(201);
        assertThat(JSON.readTree(issued.body())).isEqualTo(JSON.readTree("""
                {"id":"%s","name":"deploys","scope":"admin","created_at":"2026-12-07T10:00:00.250Z",
                 "expires_at":"2027-01-01T00:00:00Z","last_used_at":null,"token":"%s"}""".formatted(KEY_ID, TOKEN)));
        assertThat(JSON.readTree(listed.body())).isEqualTo(JSON.readTree("""
                {"data":[{"id":"%s","name":"ci","scope":"read","created_at":"2026-12-07T10:00:00.250Z","expires_at":null,
                          "last_used_at":"2026-12-07T10:00:00.250Z"}]}""".formatted(KEY_ID)));
        assertThat(keyServer.send("DELETE", "/api/v1/tenants/acme/keys/" + KEY_ID, null).statusCode()).isEqualTo(204);
        assertThat(calls).containsExactly("issue acme admin", "list keys acme", "revoke acme " + KEY_ID);
        assertThat(keyServer.audited()).extracting(AuditedChange::tenantId, AuditedChange::action, AuditedChange::resourceId)
                .containsExactly(tuple("acme", "key.create", Optional.of(KEY_ID)), tuple("acme", "key.delete", Optional.of(KEY_ID)));
        assertThat(keyServer.audited().toString()).doesNotContain(TOKEN);
    }

    @Test
    void aKeyThatIsNotOneIsRefusedAndNothingIsDone() throws Exception {
        for (String bad : List.of("{}", "{\"name\":\"ci\"}", "{\"scope\":\"read\"}", "{\"name\":\"ci\",\"scope\":\"write\"}",
                "{\"name\":\"\",\"scope\":\"read\"}", "{\"name\":\"ci\",\"scope\":\"read\",\"expires_at\":\"tomorrow\"}",
                "{\"name\":\"ci\",\"scope\":\"read\",\"token\":\"hrk_mine\"}", "{\"name\":\"" + "k".repeat(TenantKey.LONGEST_NAME + 1)
                        + "\",\"scope\":\"read\"}")) {
            assertThat(keyServer.send("POST", "/api/v1/tenants/acme/keys", bad).statusCode()).as(bad).isEqualTo(400);
        }
        assertErrorShape(keyServer.send("DELETE", "/api/v1/tenants/acme/keys/rte_01JF0000000000000000000001", null), 400,
                "invalid_request");
        assertErrorShape(keyServer.send("GET", "/api/v1/tenants/Acme/keys", null), 400, "invalid_request");

        assertThat(calls).isEmpty();
    }
}
