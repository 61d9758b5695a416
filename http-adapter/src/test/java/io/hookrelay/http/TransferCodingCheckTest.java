package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A body whose end cannot be known (a transfer coding other than chunked) is refused at once with the API's
 * 400 and a closed connection, before routing and without reading any of it: the client, which has not
 * finished or closed, still gets its answer.
 */
class TransferCodingCheckTest {
    private final RecordingIngest ingest = RecordingIngest.admitting(Map.of("plain", 1000));
    private final ApiServer server = new ApiServer(ingest);

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "Transfer-Encoding: {0}")
    @ValueSource(strings = {"gzip", "xchunked", "chunked, gzip", "gzip, chunked", "identity", "chunked, chunked", ""})
    void anotherCodingIsRefusedWithoutWaitingForTheBody(String coding) throws Exception {
        RawExchange answer = RawExchange.send(server.port(),
                "POST /hooks/plain HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + coding + "\r\n\r\n{\"never\":\"ends\"");

        assertThat(answer.status()).as(answer.statusLine()).isEqualTo(400);
        assertThat(new ObjectMapper().readTree(answer.body()).get("error").asText()).isEqualTo("invalid_request");
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(ingest.calls).isEmpty();
    }

    /** 2^64 + 3, 2^64, 2^63 and the like: Undertow frames some by a length wrapped past 2^64, 3 and 0 here. */
    @ParameterizedTest(name = "Content-Length: {0}")
    @ValueSource(strings = {"18446744073709551619", "18446744073709551616", "9223372036854775808", "10000000000000000000",
            "-1", "0x3", "3 3"})
    void aLengthThatIsNoNumberBelow2ToThe63IsRefusedAndTheBytesAfterItNeverRead(String length)
            throws Exception {
        String smuggled = "POST /hooks/plain HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";
        RawExchange answer = RawExchange.send(server.port(),
                "POST /hooks/plain HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\n\r\nabc" + smuggled);

        assertThat(answer.status()).as(answer.statusLine()).isEqualTo(400);
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(ingest.calls).isEmpty();
    }

    @Test
    void anEndpointWithoutABodyRefusesItToo() throws Exception {
        RawExchange answer = RawExchange.send(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.closed()).isTrue();
    }

    @Test
    void chunkedInAnyLetterCaseIsRead() throws Exception {
        RawExchange answer = RawExchange.send(server.port(),
                "POST /hooks/plain HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");

        assertThat(answer.status()).as(answer.body()).isEqualTo(202);
        assertThat(ingest.ingested).singleElement().satisfies(request ->
                assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("{}"));
    }
}
