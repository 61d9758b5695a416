package io.hookrelay.it.api;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A request that is not well-formed HTTP or is over the server's head limits, written byte for byte on a
 * socket of its own, since no HTTP client sends such things. Undertow's parser refuses these before any
 * handler runs, so what is checked of the answer is what Undertow sends, not the API's JSON.
 *
 * @param description the test's display name
 * @param text        the request, one character per byte (ISO-8859-1), so that raw bytes above 0x7F can be written
 */
record MalformedRequest(String description, String text) {
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The answer as read off the socket. {@code closed} is checked only after {@code Connection: close}, never waited for otherwise. */
    record Answer(String statusLine, Map<String, String> headers, String body, boolean closed) {
        int status() {
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }

    /**
     * Writes the request and reads one answer. A server may answer and close before it has read all of a long
     * request; the answer is read all the same.
     */
    Answer sendTo(int port) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout((int) WAIT.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(text.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (SocketException answeredBeforeTheEnd) {
                // Read below.
            }
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String statusLine = line(in);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                String[] nameAndValue = header.split(":", 2);
                headers.put(nameAndValue[0].strip().toLowerCase(Locale.ROOT), nameAndValue.length == 2 ? nameAndValue[1].strip() : "");
            }
            String body = new String(in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))), StandardCharsets.UTF_8);
            return new Answer(statusLine, headers, body, "close".equalsIgnoreCase(headers.get("connection")) && isAtEnd(in));
        }
    }

    private static boolean isAtEnd(InputStream in) throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketException reset) {
            return true;
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("the connection ended inside a line of the answer, after: " + line);
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.ISO_8859_1).stripTrailing();
    }

    @Override
    public String toString() {
        return description;
    }
}
