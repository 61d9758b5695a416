package io.hookrelay.it.faults;

import io.hookrelay.it.faults.RawReceiver.Ending;
import io.hookrelay.it.faults.RawReceiver.Exchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * What a {@link Script} can do with the connection a request came on: write (counted on the exchange), wait
 * for the relay to hang up, or reset. A write or read that fails because the relay closed the connection
 * throws, which {@link RawReceiver} records as {@link Ending#RELAY_HUNG_UP}.
 */
final class ScriptedConnection {
    private final Socket socket;
    private final Exchange exchange;
    private final OutputStream out;

    ScriptedConnection(Socket socket, Exchange exchange) throws IOException {
        this.socket = socket;
        this.exchange = exchange;
        this.out = socket.getOutputStream();
    }

    /** The status line and headers, with {@code Connection: close}: one exchange per connection. */
    void writeHead(int status, Map<String, String> headers) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(" Scripted\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Connection: close\r\n\r\n");
        exchange.answerStarting();
        write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        exchange.wrote(bytes.length);
    }

    /**
     * Blocks until the relay closes the connection, or {@code patience} has passed.
     *
     * @return true when the relay hung up
     */
    boolean awaitHangUp(Duration patience) throws IOException {
        socket.setSoTimeout(Math.toIntExact(patience.toMillis()));
        try {
            while (socket.getInputStream().read() >= 0) {
                // nothing more is expected from the relay; whatever comes is not an answer to wait for
            }
            return true;
        } catch (SocketTimeoutException stillThere) {
            return false;
        }
    }

    /** Closes with a TCP reset ({@code SO_LINGER 0}) instead of an orderly close. */
    Ending reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
        return Ending.RESET;
    }
}
