package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Chunked bodies as a client or a proxy in front may frame them: {@link ChunkedFraming} refuses a body as soon as a
 * byte breaks RFC 9112's grammar, says it is done where its last line ends, and decides the same however the bytes
 * arrive, in whatever buffers, whose positions and limits it leaves as they were.
 *
 * <p>An input's first byte is how many bytes each buffer holds (0 for one buffer); the rest is the body.
 */
class ChunkedFramingFuzzTest {
    private static final int MOST_SIZE_DIGITS = 16;
    private static final BigInteger LARGEST_SIZE = BigInteger.valueOf(Long.MAX_VALUE);

    private enum Outcome { DONE, NOT_YET, MALFORMED }

    @FuzzTest(maxDuration = "3m")
    void aBodyIsJudgedByTheGrammarAloneHoweverItsBytesArrive(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int bufferSize = input[0] & 0xff;
        byte[] body = Arrays.copyOfRange(input, 1, input.length);

        Outcome expected = grammar(body);

        assertThat(checked(body, body.length)).as("in one buffer").isEqualTo(expected);
        assertThat(checked(body, bufferSize == 0 ? body.length : bufferSize)).as("in buffers of %d bytes", bufferSize).isEqualTo(expected);
    }

    /** What {@link ChunkedFraming} makes of the body, fed in buffers of {@code size} bytes that sit inside larger arrays. */
    private static Outcome checked(byte[] body, int size) {
        ChunkedFraming framing = new ChunkedFraming();
        for (int from = 0; from < body.length && !framing.isDone(); from += size) {
            int length = Math.min(size, body.length - from);
            byte[] padded = new byte[length + 2];
            Arrays.fill(padded, (byte) '0');
            System.arraycopy(body, from, padded, 1, length);
            ByteBuffer buffer = ByteBuffer.wrap(padded, 1, length);
            try {
                framing.check(buffer);
            } catch (ChunkedFraming.MalformedChunkedBodyException malformed) {
                assertThat(malformed).hasMessageStartingWith("malformed chunked framing: ");
                return Outcome.MALFORMED;
            }
            assertThat(buffer.position()).isEqualTo(1);
            assertThat(buffer.limit()).isEqualTo(1 + length);
        }
        return framing.isDone() ? Outcome.DONE : Outcome.NOT_YET;
    }

    /**
     * RFC 9112 §7.1 read from the start of the body, as hookrelay narrows it (a size of at most
     * {@value #MOST_SIZE_DIGITS} hex digits and at most {@link Long#MAX_VALUE}): malformed when a byte can begin no
     * valid body, done when a valid body has ended, else not yet.
     */
    private static Outcome grammar(byte[] body) {
        Reader in = new Reader(body);
        try {
            while (true) {
                BigInteger size = in.size();
                if (in.nextIsOneOf(';', ' ', '\t')) {
                    in.skipFieldChars();
                }
                in.expectLineEnd();
                if (size.signum() == 0) {
                    break;
                }
                in.skip(size.longValueExact());
                in.expectLineEnd();
            }
            while (!in.nextIsOneOf('\r')) {
                in.expect(isFieldChar(in.peek()) && in.peek() != ' ' && in.peek() != '\t');
                in.skipFieldChars();
                in.expectLineEnd();
            }
            in.expectLineEnd();
            return Outcome.DONE;
        } catch (EndOfInput notYet) {
            return Outcome.NOT_YET;
        } catch (Malformed malformed) {
            return Outcome.MALFORMED;
        }
    }

    /** A field value's byte (RFC 9110 §5.5): visible ASCII, space, tab or obs-text. */
    private static boolean isFieldChar(int b) {
        return b == '\t' || (b >= 0x20 && b != 0x7f);
    }

    private static final class EndOfInput extends Exception {
        EndOfInput() {
            super(null, null, false, false);
        }
    }

    private static final class Malformed extends Exception {
        Malformed() {
            super(null, null, false, false);
        }
    }

    private static final class Reader {
        private final byte[] bytes;
        private int next;

        Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        int peek() throws EndOfInput {
            if (next == bytes.length) {
                throw new EndOfInput();
            }
            return bytes[next] & 0xff;
        }

        boolean nextIsOneOf(char... candidates) throws EndOfInput {
            int b = peek();
            for (char candidate : candidates) {
                if (b == candidate) {
                    return true;
                }
            }
            return false;
        }

        void expect(boolean holds) throws EndOfInput, Malformed {
            if (!holds) {
                throw new Malformed();
            }
            next++;
        }

        void expectLineEnd() throws EndOfInput, Malformed {
            expect(peek() == '\r');
            expect(peek() == '\n');
        }

        BigInteger size() throws EndOfInput, Malformed {
            BigInteger size = BigInteger.ZERO;
            int digits = 0;
            while (digits == 0 || Character.digit(peek(), 16) >= 0) {
                int digit = Character.digit(peek(), 16);
                digits++;
                size = size.shiftLeft(4).add(BigInteger.valueOf(digit));
                expect(digit >= 0 && digits <= MOST_SIZE_DIGITS && size.compareTo(LARGEST_SIZE) <= 0);
            }
            return size;
        }

        void skipFieldChars() throws EndOfInput {
            while (peek() != '\r' && isFieldChar(peek())) {
                next++;
            }
        }

        void skip(long count) throws EndOfInput {
            if (bytes.length - next < count) {
                throw new EndOfInput();
            }
            next += (int) count;
        }
    }
}
