package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkedFramingTest {

    @ParameterizedTest
    @ValueSource(strings = {"0\r\n\r\n", "2\r\n{}\r\n0\r\n\r\n", "A\r\n0123456789\r\n0\r\n\r\n", "a;x=\"y z\"\r\n0123456789\r\n0\r\n\r\n",
            "2 ; ext\r\n{}\r\n0\r\nX-Trailer: one\r\nX-Other:\r\n\r\n"})
    void aWellFormedBodyEndsWhereItsLastLineEnds(String body) throws Exception {
        ChunkedFraming framing = new ChunkedFraming();

        framing.check(bytes(body));

        assertThat(framing.isDone()).isTrue();
    }

    @Test
    void aBodyCheckedOneByteAtATimeIsCheckedAlike() throws Exception {
        ChunkedFraming framing = new ChunkedFraming();
        byte[] body = "3\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

        for (byte b : body) {
            assertThat(framing.isDone()).isFalse();
            framing.check(ByteBuffer.wrap(new byte[] {b}));
        }

        assertThat(framing.isDone()).isTrue();
    }

    /**
     * A size past the largest long would be a negative count of bytes to skip: back into its own line, or out of the
     * buffer it came in.
     */
    @Test
    void aSizePastTheLargestLongIsRefusedBeforeItsDataArrives() throws Exception {
        ChunkedFraming largest = new ChunkedFraming();
        largest.check(bytes("7fffffffffffffff\r\n"));
        assertThat(largest.isDone()).isFalse();

        assertThatThrownBy(() -> new ChunkedFraming().check(bytes("8000000000000000\r\n")))
                .isInstanceOf(ChunkedFraming.MalformedChunkedBodyException.class);
        assertThatThrownBy(() -> new ChunkedFraming().check(bytes("ffffffffffffffff")))
                .isInstanceOf(ChunkedFraming.MalformedChunkedBodyException.class);
    }

    @Test
    void whatFollowsTheBodyIsNotLookedAtAndTheBufferIsLeftAsItWas() throws Exception {
        ChunkedFraming framing = new ChunkedFraming();
        ByteBuffer bytes = bytes("0\r\n\r\nGET / HTTP/1.1\n\u0000");

        framing.check(bytes);

        assertThat(framing.isDone()).isTrue();
        assertThat(bytes.position()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2\r\n{}XX\r\n0\r\n\r\n", "2\r\n{}\n0\r\n\r\n", "2\r\n{}\r0\r\n\r\n", "2\n{}\r\n", "\r\n", "g\r\n",
            "-1\r\n", "00000000000000001\r\n", "8000000000000000\r\n\r\n0\r\n\r\n", "ffffffffffffffff\r\n", "2;\u0000\r\n", "0\n",
            "0\r\n\n", "0\r\nX: v\n", "0\r\n X: v\r\n\r\n", "0\r\nX: \u0001\r\n", "0\r\n\r\r"})
    void aBodyThatBreaksTheGrammarIsRefused(String body) {
        assertThatThrownBy(() -> new ChunkedFraming().check(bytes(body)))
                .isInstanceOf(ChunkedFraming.MalformedChunkedBodyException.class)
                .hasMessageStartingWith("malformed chunked framing: ");
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
