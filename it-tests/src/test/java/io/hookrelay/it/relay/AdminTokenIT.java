package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The management API opens only to {@code Authorization: Bearer <admin token>}; anything else is 401 {@code unauthorized}. */
class AdminTokenIT {
    @TempDir
    Path dataDir;

    private RelayServer relay;

    @BeforeEach
    void startRelay() {
        relay = RelayServer.start(dataDir);
    }

    @AfterEach
    void stop() {
        relay.close();
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
        for (HttpRequest.Builder request : List.of(
                HttpRequest.newBuilder(relay.uri("/api/v1/sources")).GET(),
                HttpRequest.newBuilder(relay.uri("/api/v1/targets")).header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(target)),
                HttpRequest.newBuilder(relay.uri("/api/v1/no-such-thing")).GET())) {
            authorization.ifPresent(value -> request.header("authorization", value));

            ApiResponse refused = relay.send(request);

            assertThat(refused.status()).as("%s", refused).isEqualTo(401);
            assertThat(refused.error()).isEqualTo("unauthorized");
            assertThat(refused.json().path("message").asText()).isNotBlank().doesNotContain(RelayServer.ADMIN_TOKEN);
        }
        assertThat(RelayServer.expect(200, relay.get("/api/v1/targets")).path("data")).as("nothing was created").isEmpty();
    }

    @Test
    void opensToTheAdminToken() {
        assertThat(RelayServer.expect(200, relay.get("/api/v1/sources")).path("data").isArray()).isTrue();
    }
}
