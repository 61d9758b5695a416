package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What Undertow's parser refuses before any handler runs: a request head over the server's limits, or one that
 * is not well-formed HTTP. The answer is Undertow's own bare {@code 400} and a closed connection, never a 5xx,
 * nothing reaches an endpoint, and the server goes on serving. Requests just inside the limits are served.
 */
class RequestHeadLimitsTest {
    private static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @AfterEach
    void nothingRanAndTheServerStillServes() throws Exception {
        assertThat(server.unexpectedCalls()).isEmpty();
        assertThat(RawExchange.send(server.port(), get("/healthz", "")).status()).isEqualTo(200);
    }

    @Test
    void asManyHeadersAsTheLimitAreRead() throws Exception {
        // Host is one of them.
        assertThat(RawExchange.send(server.port(), get("/healthz", headers(HttpServer.MAX_HEADERS - 1))).status()).isEqualTo(200);
    }

    @Test
    void oneHeaderMoreIsRefusedByTheParser() throws Exception {
        assertRefusedByTheParser(RawExchange.send(server.port(), get("/healthz", headers(HttpServer.MAX_HEADERS))));
    }

    @Test
    void aHeadJustUnderItsByteLimitIsRead() throws Exception {
        String header = "X-Big: " + "a".repeat(HttpServer.MAX_HEADER_BYTES - 1024) + "\r\n";

        assertThat(RawExchange.send(server.port(), get("/healthz", header)).status()).isEqualTo(200);
    }

    @Test
    void oneHugeHeaderIsRefusedByTheParser() throws Exception {
        String header = "X-Big: " + "a".repeat(HttpServer.MAX_HEADER_BYTES) + "\r\n";

        assertRefusedByTheParser(RawExchange.send(server.port(), get("/healthz", header)));
    }

    @Test
    void aMegabyteOfHeadersIsRefusedWithoutReadingItAll() throws Exception {
        assertRefusedByTheParser(RawExchange.send(server.port(), get("/healthz", "X-Big: " + "a".repeat(1 << 20) + "\r\n")));
    }

    @Test
    void aUrlLongerThanTheHeadLimitIsRefusedByTheParser() throws Exception {
        assertRefusedByTheParser(RawExchange.send(server.port(), get("/hooks/" + "a".repeat(HttpServer.MAX_HEADER_BYTES), "")));
    }

    @Test
    void asManyQueryParametersAsTheLimitAreRead() throws Exception {
        assertThat(RawExchange.send(server.port(), get("/healthz?" + parameters(HttpServer.MAX_QUERY_PARAMETERS), "")).status())
                .isEqualTo(200);
    }

    @Test
    void oneQueryParameterMoreIsRefusedByTheParser() throws Exception {
        assertRefusedByTheParser(RawExchange.send(server.port(), get("/healthz?" + parameters(HttpServer.MAX_QUERY_PARAMETERS + 1), "")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/hooks/%", "/hooks/%zz", "/hooks/%F", "/api/v1/sources/%G0", "/api/v1/events?source=%", "/api/v1/events?cursor=%zz",
            "/hooks/caf\u00c3\u00a9", "/hooks/a\u0000b", "/hooks/a\tb", "/hooks/a{b}", "/hooks/a\"b", "/hooks/plain#fragment"})
    void aUrlThatIsNotWellFormedIsRefusedByTheParser(String url) throws Exception {
        assertRefusedByTheParser(RawExchange.send(server.port(), "POST " + url + " HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Content-Length: 2\r\nContent-Length: 3\r\n", "Content-Length: 2\r\nContent-Length: 2\r\n",
            "Content-Length: -1\r\n", "Content-Length: +2\r\n", "Content-Length: 2x\r\n", "Content-Length: 99999999999999999999\r\n",
            "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"})
    void aBodyFramedTwoWaysOrNotAtAllIsRefusedByTheParser(String framing) throws Exception {
        assertRefusedByTheParser(RawExchange.send(server.port(), "POST /hooks/plain HTTP/1.1\r\nHost: x\r\n" + framing + "\r\n{}"));
    }

    private static void assertRefusedByTheParser(RawExchange answer) {
        assertThat(answer.status()).as(answer.statusLine()).isEqualTo(400);
        assertThat(answer.headers()).containsEntry("content-length", "0").containsEntry("connection", "close");
        assertThat(answer.body()).isEmpty();
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
    }

    private static String get(String url, String moreHeaders) {
        return "GET " + url + " HTTP/1.1\r\nHost: x\r\n" + moreHeaders + "\r\n";
    }

    private static String headers(int count) {
        return IntStream.range(0, count).mapToObj(i -> "X-Header-" + i + ": " + i + "\r\n").collect(Collectors.joining());
    }

    private static String parameters(int count) {
        return IntStream.range(0, count).mapToObj(i -> "p" + i + "=" + i).collect(Collectors.joining("&"));
    }
}
