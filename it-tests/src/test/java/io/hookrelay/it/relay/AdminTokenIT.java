package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.RelayServer;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The management API opens only to {@code Authorization: Bearer <admin token>}; anything else is 401 {@code unauthorized}. */
class AdminTokenIT {
    @AutoClose
    private RelayServer relay;

    @BeforeEach
    void startRelay(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
    }

    static Stream<Arguments> refusedAuthorizations() {
        return Stream.of(
                Arguments.of("no header", Optional.empty()),
                Arguments.of("a wrong token", Optional.of("Bearer " + RelayServer.ADMIN_TOKEN + "x")),
                Arguments.of("the token's prefix", Optional.of("Bearer " + RelayServer.ADMIN_TOKEN.substring(0, 10))),
                Arguments.of("an empty token", Optional.of("Bearer ")),
                Arguments.of("the token without its scheme", Optional.of(RelayServer.ADMIN_TOKEN)),
                Arguments.of("another scheme", Optional.of("Basic " + RelayServer.ADMIN_TOKEN)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedAuthorizations")
    void isRefusedForReadsWritesAndUnknownPaths(String description, Optional<String> authorization) {
        String target = "{\"id\":\"intruder\",\"url\":\"http://127.0.0.1:9/\"}";
        ApiClient withoutAdminToken = relay.api().withToken(Optional.empty());
        Map<String, String> headers = authorization.map(value -> Map.of("authorization", value)).orElse(Map.of());
        Map<String, String> jsonHeaders = new HashMap<>(headers);
        jsonHeaders.put("content-type", "application/json");
        for (ApiResponse refused : List.of(
                withoutAdminToken.send("GET", "/api/v1/sources", BodyPublishers.noBody(), headers),
                withoutAdminToken.send("POST", "/api/v1/targets", BodyPublishers.ofString(target), jsonHeaders),
                withoutAdminToken.send("GET", "/api/v1/no-such-thing", BodyPublishers.noBody(), headers))) {
            assertThat(refused.status()).as("%s", refused).isEqualTo(401);
            assertThat(refused.error()).isEqualTo("unauthorized");
            assertThat(refused.json().path("message").asText()).isNotBlank().doesNotContain(RelayServer.ADMIN_TOKEN);
        }
        assertThat(relay.api().get("/api/v1/targets").expect(200).path("data")).as("nothing was created").isEmpty();
    }

    @Test
    void opensToTheAdminToken() {
        assertThat(relay.api().get("/api/v1/sources").expect(200).path("data").isArray()).isTrue();
    }
}
