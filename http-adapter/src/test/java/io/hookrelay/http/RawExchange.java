package io.hookrelay.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One request written as raw bytes on a connection of its own, and the answer read back: for requests no HTTP
 * client library would send (too many headers, broken escapes, odd transfer codings). Published in the
 * test-jar for it-tests' malformed requests to the jar.
 *
 * @param headers the answer's headers, names lower-cased
 * @param closed  whether the server closed the connection after the answer, checked only when it said
 *                {@code Connection: close}, so that a kept-alive connection is never waited on
 */
public record RawExchange(String statusLine, Map<String, String> headers, String body, boolean closed) {
    private static final Duration WAIT = Duration.ofSeconds(30);

    public int status() {
        return Integer.parseInt(statusLine.split(" ")[1]);
    }

    /**
     * Writes {@code request} and reads one answer. A server may answer and close before it has read the whole
     * request (an over-long head); what it answered is still read.
     */
    public static RawExchange send(int port, byte[] request) throws IOException {
        return sendAll(port, request, 1).get(0);
    }

    /** Writes {@code requests}, several pipelined in one write, and reads {@code answers} answers in order. */
    public static List<RawExchange> sendAll(int port, byte[] requests, int answers) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout((int) WAIT.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(requests);
                out.flush();
            } catch (SocketException answeredBeforeTheEnd) {
                // The answer is read below.
            }
            InputStream in = new BufferedInputStream(socket.getInputStream());
            List<RawExchange> read = new ArrayList<>();
            for (int i = 0; i < answers; i++) {
                read.add(read(in));
            }
            return read;
        }
    }

    private static RawExchange read(InputStream in) throws IOException {
        String statusLine = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            String[] nameAndValue = header.split(":", 2);
            headers.put(nameAndValue[0].strip().toLowerCase(Locale.ROOT), nameAndValue.length == 2 ? nameAndValue[1].strip() : "");
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        boolean closed = "close".equalsIgnoreCase(headers.get("connection")) && isAtEnd(in);
        return new RawExchange(statusLine, headers, body, closed);
    }

    /** The request one character per byte (ISO-8859-1), so raw bytes above 0x7F can be written. */
    public static RawExchange send(int port, String request) throws IOException {
        return send(port, request.getBytes(StandardCharsets.ISO_8859_1));
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
                throw new IOException("the connection ended inside a line of the answer: " + line);
            }
            line.write(b);
        }
        return line.toString(StandardCharsets.ISO_8859_1).stripTrailing();
    }
}
