package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.http.RawExchange;
import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DESIGN §5: request framing is strict, so that a proxy in front and this server never read one stream of
 * bytes as different requests (request smuggling). Each malformed form, written byte for byte on a connection
 * of its own to an ingest endpoint that would accept the request if it were well-formed, is answered
 * {@code 400} with the connection closed, and no event is stored. Malformed heads are refused by Undertow's
 * parser with its bare 400; malformed chunked bodies by hookrelay's own check, in the API's error shape.
 */
class StrictFramingIT {
    private static final String HEAD = "POST /hooks/plain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";
    private static final String CHUNKED = HEAD + "Transfer-Encoding: chunked\r\n\r\n";
    private static final String SIZED = "Content-Length: 2\r\n\r\n{}";

    private static RelayServer server;

    @BeforeAll
    static void start(@TempDir Path dataDir) {
        server = RelayServer.start(dataDir);
        server.createPlainSource("plain");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<MalformedRequest> malformedHeads() {
        return Stream.of(
                new MalformedRequest("a header line without a colon", HEAD + "X-No-Colon\r\n" + SIZED),
                new MalformedRequest("a header line that is only a value", HEAD + "value-only\r\n" + SIZED),
                new MalformedRequest("a space before the colon", HEAD + "X-Space : v\r\n" + SIZED),
                new MalformedRequest("a tab before the colon", HEAD + "X-Tab\t: v\r\n" + SIZED),
                new MalformedRequest("a space before the colon of Content-Length", HEAD + "Content-Length : 2\r\n\r\n{}"),
                new MalformedRequest("a NUL in a header value", HEAD + "X-Nul: a\u0000b\r\n" + SIZED),
                new MalformedRequest("a NUL in a header name", HEAD + "X-N\u0000ul: v\r\n" + SIZED),
                new MalformedRequest("a bare CR in a header value", HEAD + "X-Cr: a\rb\r\n" + SIZED),
                new MalformedRequest("a bare CR ending a header line", HEAD + "X-Cr: a\rContent-Length: 2\r\n\r\n{}"),
                new MalformedRequest("a bare LF ending a header line", HEAD + "X-Lf: a\nContent-Length: 2\r\n\r\n{}"));
    }

    static Stream<MalformedRequest> malformedChunkedBodies() {
        return Stream.of(
                new MalformedRequest("chunk data not followed by CRLF", CHUNKED + "2\r\n{}XX\r\n0\r\n\r\n"),
                new MalformedRequest("chunk data followed by a bare LF", CHUNKED + "2\r\n{}\n0\r\n\r\n"),
                new MalformedRequest("chunk data followed by a bare CR", CHUNKED + "2\r\n{}\r0\r\n\r\n"),
                new MalformedRequest("chunk data longer than its size", CHUNKED + "1\r\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("a chunk size line ended by a bare LF", CHUNKED + "2\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("a chunk size that is not hex", CHUNKED + "2g\r\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("a negative chunk size", CHUNKED + "-2\r\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("a chunk size of 17 hex digits", CHUNKED + "00000000000000002\r\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("a NUL in a chunk extension", CHUNKED + "2;a=\u0000\r\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("a last chunk ended by a bare LF", CHUNKED + "2\r\n{}\r\n0\n\r\n"),
                new MalformedRequest("a trailer line ended by a bare LF", CHUNKED + "2\r\n{}\r\n0\r\nX-T: v\n\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedHeads")
    void aMalformedHeadIsRefusedWithA400AndAClosedConnection(MalformedRequest request) throws IOException {
        assertRefusedAndNothingStored(request);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedChunkedBodies")
    void aMalformedChunkedBodyIsRefusedWithA400AndAClosedConnection(MalformedRequest request) throws IOException {
        RawExchange answer = assertRefusedAndNothingStored(request);

        assertThat(answer.body()).as("%s", answer).contains("\"error\":\"invalid_request\"");
    }

    /** The check refuses only what is malformed: size extensions, upper-case hex and trailers are all RFC 9112. */
    @Test
    void aWellFormedChunkedBodyWithExtensionsAndTrailersIsAccepted() throws IOException {
        int before = server.events().size();

        RawExchange answer = RawExchange.send(server.baseUri().getPort(),
                CHUNKED + "1;name=value\r\n{\r\n0A ; x\r\n\"a\":\"bcde\"\r\n1\r\n}\r\n0\r\nX-Trailer: v\r\n\r\n");

        assertThat(answer.status()).as("%s", answer).isEqualTo(202);
        assertThat(server.events()).hasSize(before + 1);
    }

    private static RawExchange assertRefusedAndNothingStored(MalformedRequest request) throws IOException {
        int before = server.events().size();

        RawExchange answer = request.sendTo(server.baseUri().getPort());

        assertThat(answer.status()).as("%s", answer).isEqualTo(400);
        assertThat(answer.headers()).as("%s", answer).containsEntry("connection", "close");
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(server.events()).as("nothing stored").hasSize(before);
        return answer;
    }
}
