package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.http.HttpServerSettings;
import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §5: any number of stalled clients cannot stop others from being answered. More connections than the
 * server has request threads (64) stall, half mid-head and half mid-body (by {@code Content-Length} and
 * chunked), while a normal client sends webhooks: each is answered within the bar of 1 s, the
 * stalled connections are still held meanwhile, and each is cut off once the read deadline has passed
 * without a byte from it. The deadline is shortened from its default of 30 s so the test need not wait that.
 */
@TimingSensitive
class StalledClientsIT {
    private static final Duration READ_DEADLINE = Duration.ofSeconds(10);
    private static final int STALLED_HEADS = 110;
    private static final int STALLED_BODIES = 110;
    private static final int WEBHOOKS = 20;
    private static final Duration ANSWER_BAR = Duration.ofSeconds(1);
    private static final String HEAD = "POST /hooks/plain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";

    @Test
    void stalledClientsHoldNoRequestThreadAndAreCutOffAfterTheReadDeadline(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = RelayServer.startReplacing(dataDir, new ShortReadDeadline())) {
            relay.createPlainSource("plain");
            int port = relay.baseUri().getPort();
            List<Stalled> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < STALLED_HEADS; i++) {
                    stalled.add(stall(port, "POST /hooks/plain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty"));
                }
                for (int i = 0; i < STALLED_BODIES; i++) {
                    stalled.add(stall(port, i % 2 == 0
                            ? HEAD + "Content-Length: 1000\r\n\r\n{\"half\":"
                            : HEAD + "Transfer-Encoding: chunked\r\n\r\n3e8\r\n{\"half\":"));
                }
                long lastStalledAt = stalled.get(stalled.size() - 1).at();

                List<Long> answerMillis = new ArrayList<>();
                for (int i = 0; i < WEBHOOKS; i++) {
                    long started = System.nanoTime();
                    relay.api().ingest("plain", "application/json", ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8), Map.of())
                            .expect(202);
                    answerMillis.add(millisSince(started));
                }
                long normalDone = millisSince(lastStalledAt);

                assertThat(answerMillis).as("each webhook's answer time (ms) beside %d stalled connections", stalled.size())
                        .allMatch(millis -> millis <= ANSWER_BAR.toMillis());
                assertThat(normalDone).as("the webhooks were all sent within the read deadline").isLessThan(READ_DEADLINE.toMillis());
                assertThat(stalled).as("every stalled connection is still held while the webhooks are answered")
                        .allMatch(Stalled::isOpen);

                List<Long> cutOffMillis = new ArrayList<>();
                for (Stalled connection : stalled) {
                    cutOffMillis.add(connection.awaitCutOff());
                }
                assertThat(cutOffMillis).as("ms from stalling until cut off").allMatch(millis -> millis >= READ_DEADLINE.toMillis() - 100);
                cutOffMillis.sort(null);
                assertThat(relay.events()).as("only the normal client's webhooks were stored").hasSize(WEBHOOKS);

                List<Long> sorted = answerMillis.stream().sorted().toList();
                System.out.printf("[figures] StalledClientsIT: %d stalled connections (%d mid-head, %d mid-body); %d webhooks answered "
                                + "in p50 %d ms, max %d ms; all stalled connections cut off %d-%d ms after stalling (read deadline %d ms)%n",
                        stalled.size(), STALLED_HEADS, STALLED_BODIES, WEBHOOKS, sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1),
                        cutOffMillis.get(0), cutOffMillis.get(cutOffMillis.size() - 1),
                        READ_DEADLINE.toMillis());
            } finally {
                for (Stalled connection : stalled) {
                    connection.socket().close();
                }
            }
        }
    }

    /** The server's settings with a read deadline short enough to wait for. */
    private static final class ShortReadDeadline extends AbstractModule {
        @Provides
        @Singleton
        HttpServerSettings httpServerSettings(ServeOptions options) {
            return HttpServerSettings.of(options.host(), options.port()).withReadDeadline(READ_DEADLINE);
        }
    }

    /** A connection that sent part of a request at {@code at} (nanoseconds) and then nothing more. */
    private record Stalled(Socket socket, long at) {
        /** Whether the server has neither closed the connection nor written anything on it. */
        boolean isOpen() {
            try {
                socket.setSoTimeout(1);
                socket.getInputStream().read();
                return false;
            } catch (SocketTimeoutException stillWaiting) {
                return true;
            } catch (IOException reset) {
                return false;
            }
        }

        /** Reads whatever the server sends until it closes the connection; returns when that was, in ms after stalling. */
        long awaitCutOff() throws IOException {
            long left = READ_DEADLINE.toMillis() + RelayServer.WAIT.toMillis() - millisSince(at);
            socket.setSoTimeout((int) Math.max(1, left));
            InputStream in = socket.getInputStream();
            try {
                while (in.read() != -1) {
                    // An answer before closing (a 400 for the broken-off body) is allowed; the close is what counts.
                }
            } catch (SocketTimeoutException neverCut) {
                throw new AssertionError("a stalled connection was still open " + millisSince(at) + " ms after it stalled");
            } catch (IOException reset) {
                // Closed with bytes unread: a reset is a cut-off too.
            }
            return millisSince(at);
        }
    }

    private static Stalled stall(int port, String start) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.getOutputStream().write(start.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return new Stalled(socket, System.nanoTime());
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
