package io.hookrelay.http;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * RFC 9112 §7.1's grammar of a chunked body, checked byte by byte as the bytes arrive: every line ends in
 * CRLF, a chunk's size is hex digits, its data is followed by CRLF, and extensions and trailers hold no
 * control characters. Undertow's own decoder skips whatever follows a chunk's data up to the next LF, so a
 * body framed one way by a proxy in front could be read another way here (request smuggling); this refuses
 * such a body instead. Bytes after the body's end (the next request on the connection) are not looked at.
 */
final class ChunkedFraming {
    /**
     * 16 hex digits already pass any length a body could have; more is an attack on the size's arithmetic, and so is
     * a size past {@link Long#MAX_VALUE}, which would count as a negative number of bytes to skip.
     */
    private static final int MOST_SIZE_DIGITS = 16;
    private static final byte CR = '\r';
    private static final byte LF = '\n';

    private enum State { SIZE_START, SIZE, EXTENSION, SIZE_LF, DATA, DATA_CR, DATA_LF, TRAILER_START, TRAILER, TRAILER_LF, END_LF, DONE }

    private State state = State.SIZE_START;
    private long remaining;
    private int sizeDigits;

    /** Checks {@code bytes} from its position to its limit, without moving either. */
    void check(ByteBuffer bytes) throws MalformedChunkedBodyException {
        for (int i = bytes.position(); i < bytes.limit() && state != State.DONE; i++) {
            if (state == State.DATA) {
                long skipped = Math.min(remaining, bytes.limit() - i);
                remaining -= skipped;
                i += (int) skipped - 1;
                if (remaining == 0) {
                    state = State.DATA_CR;
                }
            } else {
                state = next(bytes.get(i));
            }
        }
    }

    /** Whether the body's last line has been seen. */
    boolean isDone() {
        return state == State.DONE;
    }

    private State next(byte b) throws MalformedChunkedBodyException {
        return switch (state) {
            case SIZE_START -> {
                sizeDigits = 0;
                remaining = 0;
                yield sizeDigit(b);
            }
            case SIZE -> b == CR ? State.SIZE_LF : b == ';' || b == ' ' || b == '\t' ? State.EXTENSION : sizeDigit(b);
            case EXTENSION -> b == CR ? State.SIZE_LF : expect(isFieldChar(b), "a control character in a chunk extension", State.EXTENSION);
            case SIZE_LF -> expect(b == LF, "a chunk size line not ended by CRLF", remaining == 0 ? State.TRAILER_START : State.DATA);
            case DATA_CR -> expect(b == CR, "chunk data not followed by CRLF", State.DATA_LF);
            case DATA_LF -> expect(b == LF, "chunk data not followed by CRLF", State.SIZE_START);
            case TRAILER_START -> b == CR ? State.END_LF : expect(isFieldChar(b) && b != ' ' && b != '\t', "a malformed trailer", State.TRAILER);
            case TRAILER -> b == CR ? State.TRAILER_LF : expect(isFieldChar(b), "a control character in a trailer", State.TRAILER);
            case TRAILER_LF -> expect(b == LF, "a trailer not ended by CRLF", State.TRAILER_START);
            case END_LF -> expect(b == LF, "a chunked body not ended by CRLF", State.DONE);
            case DATA, DONE -> throw new IllegalStateException("no byte is looked at in state " + state);
        };
    }

    private State sizeDigit(byte b) throws MalformedChunkedBodyException {
        int digit = Character.digit(b, 16);
        if (digit < 0 || ++sizeDigits > MOST_SIZE_DIGITS) {
            throw new MalformedChunkedBodyException("a chunk size that is not hex digits");
        }
        if (remaining > Long.MAX_VALUE >>> 4) {
            throw new MalformedChunkedBodyException("a chunk size past the largest long");
        }
        remaining = remaining << 4 | digit;
        return State.SIZE;
    }

    private static State expect(boolean holds, String problem, State then) throws MalformedChunkedBodyException {
        if (!holds) {
            throw new MalformedChunkedBodyException(problem);
        }
        return then;
    }

    /** Visible ASCII, space, tab or obs-text: what a field value (RFC 9110 §5.5) may hold. */
    private static boolean isFieldChar(byte b) {
        int c = b & 0xff;
        return c == '\t' || (c >= 0x20 && c != 0x7f);
    }

    /** A chunked body that breaks RFC 9112's grammar; its connection must not be read further. */
    static final class MalformedChunkedBodyException extends IOException {
        MalformedChunkedBodyException(String problem) {
            super("malformed chunked framing: " + problem);
        }
    }
}
