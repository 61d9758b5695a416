package io.hookrelay.it.faults;

import io.hookrelay.it.faults.RawReceiver.Ending;
import io.hookrelay.it.faults.RawReceiver.Exchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** What a {@link RawReceiver} does with a request it has read: answer it, or misbehave. */
@FunctionalInterface
interface Script {
    /** 64 bytes that long bodies repeat, so their first bytes are known exactly. */
    byte[] LINE = "hookrelay receiver fault body 0123456789 abcdefghijklmnopqrstuv\n".getBytes(StandardCharsets.US_ASCII);
    /** 64 KiB of {@link #LINE}s: what long bodies are written in. */
    byte[] BLOCK = repeatedLines(1024);

    /**
     * @throws IOException when the relay hung up (a write or read failed), recorded as {@link Ending#RELAY_HUNG_UP}
     */
    Ending play(Exchange exchange, ScriptedConnection connection) throws IOException;

    /** The first {@code length} bytes of every long body. */
    static String bodyStart(int length) {
        return new String(repeatedLines(length / LINE.length + 1), 0, length, StandardCharsets.US_ASCII);
    }

    /** A whole answer, its headers worked out when the request arrived (so a date can be relative to then). */
    static Script answer(int status, Function<Exchange, Map<String, String>> headers, String body) {
        return (exchange, connection) -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            Map<String, String> head = new LinkedHashMap<>(headers.apply(exchange));
            head.put("Content-Length", Integer.toString(bytes.length));
            connection.writeHead(status, head);
            connection.write(bytes);
            return Ending.ANSWERED;
        };
    }

    static Script answer(int status, Map<String, String> headers) {
        return answer(status, exchange -> headers, "");
    }

    /** {@code first} for the first request, {@code then} for every later one. */
    static Script inTurn(Script first, Script then) {
        AtomicInteger played = new AtomicInteger();
        return (exchange, connection) -> (played.getAndIncrement() == 0 ? first : then).play(exchange, connection);
    }

    /** Answers 200 once {@code delay} has passed, unless the relay has hung up by then. */
    static Script answerAfter(Duration delay) {
        Script ok = answer(200, Map.of());
        return (exchange, connection) -> connection.awaitHangUp(delay) ? Ending.RELAY_HUNG_UP : ok.play(exchange, connection);
    }

    /** The head at once, then a body of 1 MiB one byte at a time, one per {@code pace}. */
    static Script trickle(int status, Duration pace) {
        return (exchange, connection) -> {
            connection.writeHead(status, Map.of("Content-Type", "text/plain", "Content-Length", Integer.toString(1 << 20)));
            for (int i = 0; i < 1 << 20; i++) {
                connection.write(new byte[] {LINE[i % LINE.length]});
                pause(pace);
            }
            return Ending.ANSWERED;
        };
    }

    /** Reads the request and resets the connection without a word. */
    static Script reset() {
        return (exchange, connection) -> connection.reset();
    }

    /** An answer announcing {@code length} body bytes, written as fast as the relay takes them. */
    static Script hugeBody(int status, long length) {
        return (exchange, connection) -> {
            connection.writeHead(status, Map.of("Content-Type", "text/plain", "Content-Length", Long.toString(length)));
            for (long left = length; left > 0; left -= BLOCK.length) {
                connection.write(left >= BLOCK.length ? BLOCK : Arrays.copyOf(BLOCK, (int) left));
            }
            return Ending.ANSWERED;
        };
    }

    /** A chunked answer whose chunks never stop: it ends only when the relay hangs up. */
    static Script endlessBody(int status) {
        byte[] chunkHead = (Integer.toHexString(BLOCK.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] chunkEnd = "\r\n".getBytes(StandardCharsets.US_ASCII);
        return (exchange, connection) -> {
            connection.writeHead(status, Map.of("Content-Type", "text/plain", "Transfer-Encoding", "chunked"));
            while (true) {
                connection.write(chunkHead);
                connection.write(BLOCK);
                connection.write(chunkEnd);
            }
        };
    }

    private static byte[] repeatedLines(int count) {
        byte[] lines = new byte[count * LINE.length];
        for (int i = 0; i < count; i++) {
            System.arraycopy(LINE, 0, lines, i * LINE.length, LINE.length);
        }
        return lines;
    }

    /** The receiver's own pacing, not a test waiting for something. */
    private static void pause(Duration pace) throws IOException {
        try {
            Thread.sleep(pace.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("receiver closed", e);
        }
    }
}
