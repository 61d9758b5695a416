package io.hookrelay.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 connection to the relay on loopback, kept open and used for one request at a time, the way
 * a provider's delivery worker holds a connection. A full HTTP client costs more CPU per request than the
 * relay spends answering it; on two cores that would measure the client, so the load generator writes
 * prepared request bytes and reads only the status line, the headers and the declared body.
 */
final class KeepAliveConnection implements AutoCloseable {
    private static final int READ_TIMEOUT_MS = 30_000;

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    KeepAliveConnection(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(READ_TIMEOUT_MS);
        out = new BufferedOutputStream(socket.getOutputStream());
        in = new BufferedInputStream(socket.getInputStream());
    }

    /** A POST with a JSON body, as bytes ready to write. */
    static byte[] post(String path, String json, String... extraHeaders) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\n")
                .append("Host: 127.0.0.1\r\nContent-Type: application/json\r\n")
                .append("Content-Length: ").append(body.length).append("\r\n");
        for (String header : extraHeaders) {
            head.append(header).append("\r\n");
        }
        byte[] headBytes = head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] request = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, request, 0, headBytes.length);
        System.arraycopy(body, 0, request, headBytes.length, body.length);
        return request;
    }

    /** Sends one prepared request and returns the answer's status; its body is read and dropped. */
    int exchange(byte[] request) throws IOException {
        out.write(request);
        out.flush();
        String statusLine = line();
        int contentLength = 0;
        for (String header = line(); !header.isEmpty(); header = line()) {
            if (header.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                contentLength = Integer.parseInt(header.substring("content-length:".length()).strip());
            }
        }
        in.skipNBytes(contentLength);
        return Integer.parseInt(statusLine.substring(9, 12));
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("the relay closed the connection mid-answer");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
