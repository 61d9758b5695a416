package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.api.ProviderSignatures;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.RelayServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stored headers leave out credentials (DESIGN §4): those with a credential's standard name or a name that says it
 * holds one ({@code *api-key*}, {@code *token*}, {@code *secret*}, {@code *password*}), in any case, {@code
 * Content-Encoding}, and those a source lists; the header its verification reads is kept, so a stored event's
 * signature can be checked again. Checked where an operator would look: the API's event view and the database file
 * itself.
 */
class StoredHeadersIT {
    private static final String SECRET = "tenant-signing-secret";
    private static final String BODY = "{\"type\":\"invoice.paid\"}";

    @TempDir
    Path dataDir;
    @AutoClose
    private RelayServer relay;

    @BeforeEach
    void startWithASourceThatSignsInAuthorization() {
        relay = RelayServer.start(dataDir);
        relay.createSource("{\"id\":\"tenant\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"" + SECRET + "\","
                + "\"header\":\"Authorization\",\"prefix\":\"sha256=\"},\"redact_headers\":[\"X-Tenant-Secret\",\"x-session\"]}");
        relay.createPlainSource("plain");
    }

    @Test
    void credentialsAndListedHeadersAreNeitherShownNorStored() {
        Map<String, String> credentials = new LinkedHashMap<>();
        credentials.put("Cookie", "session=cookie-value-1");
        credentials.put("Proxy-Authorization", "Basic cHJveHktdmFsdWUtMg==");
        credentials.put("X-API-KEY", "api-key-value-3");
        credentials.put("x-auth-token", "auth-token-value-4");
        credentials.put("X-Tenant-Secret", "tenant-secret-value-5");
        credentials.put("Api-Key", "bare-api-key-value-9");
        credentials.put("X-Access-Token", "access-token-value-10");
        credentials.put("X-Db-Password", "password-value-11");
        credentials.put("X-Session", "session-value-6");
        Map<String, String> headers = new LinkedHashMap<>(credentials);
        String signature = ProviderSignatures.github(SECRET, BODY);
        headers.put("Authorization", signature);
        headers.put("X-Request-Id", "req-7");

        String signedEvent = provider().ingest("tenant", "application/json", BODY.getBytes(StandardCharsets.UTF_8), headers)
                .expect(202).path("event_id").asText();
        Map<String, String> plainHeaders = new LinkedHashMap<>(credentials);
        plainHeaders.put("Authorization", "Bearer plain-bearer-value-8");
        plainHeaders.put("Content-Encoding", "identity");
        String plainEvent = provider().ingest("plain", "application/json", BODY.getBytes(StandardCharsets.UTF_8), plainHeaders)
                .expect(202).path("event_id").asText();

        JsonNode signed = relay.api().get("/api/v1/events/" + signedEvent).expect(200).get("headers");
        assertThat(Json.fieldNames(signed)).contains("authorization", "x-request-id")
                .doesNotContain("cookie", "proxy-authorization", "x-api-key", "x-auth-token", "x-tenant-secret", "api-key", "x-access-token",
                        "x-db-password", "x-session");
        assertThat(signed.get("authorization").asText()).as("verification can be checked again").isEqualTo(signature);
        JsonNode plain = relay.api().get("/api/v1/events/" + plainEvent).expect(200).get("headers");
        assertThat(Json.fieldNames(plain)).doesNotContain("authorization", "cookie", "proxy-authorization", "x-api-key", "x-auth-token",
                        "x-tenant-secret", "api-key", "x-access-token", "x-db-password", "content-encoding")
                .as("only the tenant source redacts its own list").contains("x-session");

        Map<String, String> stored;
        try (RelayDatabase database = RelayDatabase.open(dataDir)) {
            stored = database.eventHeaderText();
        }
        assertThat(stored).containsOnlyKeys(signedEvent, plainEvent);
        assertThat(stored.get(signedEvent)).contains(signature, "req-7").doesNotContain(credentials.values().toArray(String[]::new));
        assertThat(stored.get(plainEvent)).doesNotContain("plain-bearer-value-8", "cookie-value-1", "cHJveHktdmFsdWUtMg==",
                "api-key-value-3", "auth-token-value-4", "tenant-secret-value-5", "bare-api-key-value-9", "access-token-value-10",
                "password-value-11");
    }

    /** A provider holds no admin token: its own Authorization header is the one that arrives. */
    private ApiClient provider() {
        return relay.api().withToken(Optional.empty());
    }
}
