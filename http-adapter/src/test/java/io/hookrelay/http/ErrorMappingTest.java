package io.hookrelay.http;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.error.PayloadTooLargeException;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each failure a use case can throw becomes one fitting status and code, in the one error shape. */
class ErrorMappingTest {
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final ApiServer server = new ApiServer(new RecordingSources() {
        @Override
        public Source get(TenantId tenant, String id) {
            throw failure.get();
        }
    });

    record Mapping(RuntimeException thrown, int status, String code, String message) {
        @Override
        public String toString() {
            return thrown.getClass().getSimpleName() + " → " + status + " " + code;
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static Stream<Mapping> mappings() {
        return Stream.of(
                new Mapping(new InvalidRequestException("limit must be between 1 and 500"), 400, "invalid_request", "limit must be between 1 and 500"),
                new Mapping(new InvalidRequestException("invalid_cursor", "cursor is not one this server handed out"), 400, "invalid_cursor",
                        "cursor is not one this server handed out"),
                new Mapping(new NotFoundException("not_found", "no source github"), 404, "not_found", "no source github"),
                new Mapping(new NotFoundException("unknown_source", "no source with this id"), 404, "unknown_source", "no source with this id"),
                new Mapping(new ConflictException("source github already exists"), 409, "conflict", "source github already exists"),
                new Mapping(new InvalidSignatureException("signature does not match"), 401, "invalid_signature", "signature does not match"),
                new Mapping(new PayloadTooLargeException("the body is 2000 bytes"), 413, "payload_too_large", "the body is 2000 bytes"),
                new Mapping(new StoreException("disk I/O error at /var/lib/hookrelay/hookrelay.db", new SQLException("SQLITE_IOERR")),
                        503, "unavailable", "storage is unavailable; try again shortly"),
                new Mapping(new TransientStoreException("database is locked", new SQLException("SQLITE_BUSY")),
                        503, "unavailable", "storage is unavailable; try again shortly"),
                new Mapping(new IllegalStateException("secret-token-123 leaked in a bug"), 500, "internal", "internal error"),
                new Mapping(new NullPointerException(), 500, "internal", "internal error"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mappings")
    void answersEachFailureWithItsStatusAndCode(Mapping mapping) throws Exception {
        failure.set(mapping.thrown());

        HttpResponse<String> response = server.send("GET", "/api/v1/sources/github", null);

        assertErrorShape(response, mapping.status(), mapping.code());
        assertThat(response.body()).contains("\"message\":\"" + mapping.message() + "\"");
    }

    @Test
    void storageTroubleAsksTheClientToRetryShortlyAndSaysNothingOfTheCause() throws Exception {
        failure.set(new StoreException("disk I/O error at /var/lib/hookrelay/hookrelay.db", new SQLException("SQLITE_IOERR")));

        HttpResponse<String> response = server.send("GET", "/api/v1/sources/github", null);

        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.body()).doesNotContain("hookrelay.db").doesNotContain("SQLITE");
    }

    @Test
    void aBugAnswers500WithoutItsTextOrStack() throws Exception {
        failure.set(new IllegalStateException("secret-token-123 leaked in a bug"));

        HttpResponse<String> response = server.send("GET", "/api/v1/sources/github", null);

        assertThat(response.body()).isEqualTo("{\"error\":\"internal\",\"message\":\"internal error\"}");
    }

    @Test
    void aWrongMethodNamesTheAllowedOnes() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/sources/github", "{}");

        assertErrorShape(response, 405, "method_not_allowed");
        assertThat(response.headers().firstValue("Allow")).hasValue("DELETE, GET, PUT");
    }

    @Test
    void theMappingCoversRefusalsMadeByTheHttpLayerItself() {
        assertThat(ErrorBoundary.answerFor(new UnauthorizedException("no token")))
                .satisfies(answer -> {
                    assertThat(answer.status()).isEqualTo(401);
                    assertThat(answer.code()).isEqualTo("unauthorized");
                    assertThat(answer.headers()).containsValue("Bearer");
                });
        assertThat(ErrorBoundary.answerFor(new MethodNotAllowedException("GET")))
                .satisfies(answer -> {
                    assertThat(answer.status()).isEqualTo(405);
                    assertThat(answer.code()).isEqualTo("method_not_allowed");
                    assertThat(answer.headers()).containsValue("GET");
                });
    }
}
