package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.HookrelayProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32's slow and large clients against the jar, its heap capped at 256 MiB: a hundred connections that
 * pipeline requests for the console's largest file and read none of the answers, and sixty that each start a
 * 10 MiB body and never finish it, to an unknown source and to one that takes 10 MiB. Meanwhile other clients'
 * webhooks and health checks are answered within {@link #ANSWER_BAR}, nothing is refused for want of memory,
 * and a body is answered by its head when its source is unknown or no room is left for it.
 */
@TimingSensitive
class SlowAndLargeClientsIT {
    private static final String HEAP = "-Xmx256m";
    private static final Duration ANSWER_BAR = Duration.ofSeconds(3);
    private static final int SLOW_READERS = 100;
    private static final int PIPELINED = 200;
    private static final String LARGE_ASSET = "/console/assets/uPlot.iife.min.js";
    private static final int UNFINISHED_BODIES = 60;
    private static final int DECLARED = 10 * 1024 * 1024;
    private static final int SENT = 9 * 1024 * 1024;
    /** Long enough for an answer the server gives by the head alone, on a loaded machine. */
    private static final Duration HEAD_ANSWER = Duration.ofMillis(500);
    /** How long the first line of a slow reader's answer may take to come. */
    private static final Duration SLOW_ANSWER = Duration.ofSeconds(10);
    private static final Pattern HEAP_USED = Pattern.compile("(?m)^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} (\\S+)$");

    private static HookrelayProcess process;
    private static int port;
    private static ApiClient api;

    @BeforeAll
    static void start(@TempDir Path dataDir) throws Exception {
        process = HookrelayProcess.startOnJvm(List.of(HEAP), "serve", "--data-dir", dataDir.toString(), "--port", "0");
        port = process.awaitPort();
        api = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(HookrelayProcess.adminTokenOf(dataDir)));
        api.post("/api/v1/sources", "{\"id\":\"plain\"}").expect(201);
        api.post("/api/v1/sources", "{\"id\":\"large\",\"max_body_bytes\":" + DECLARED + "}").expect(201);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        process.terminate();
        int exit = process.awaitExit();
        String output = process.stdout() + process.stderr();
        process.close();
        assertThat(output).as("the process's output").doesNotContain("OutOfMemoryError", "Exception");
        assertThat(exit).as("a clean stop").isZero();
    }

    @Test
    void readersThatReadNothingHoldNoThreadThatOthersNeed() throws Exception {
        List<Socket> readers = new ArrayList<>();
        try {
            byte[] requests = (("GET " + LARGE_ASSET + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").repeat(PIPELINED)).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < SLOW_READERS; i++) {
                Socket reader = new Socket();
                reader.setReceiveBufferSize(4 * 1024);
                reader.connect(new InetSocketAddress("127.0.0.1", port));
                reader.getOutputStream().write(requests);
                readers.add(reader);
            }

            List<Long> answerMillis = answerTimesOfOthers(20);

            assertThat(answerMillis).as("ms to answer each webhook and health check beside %d readers reading nothing", SLOW_READERS)
                    .allMatch(millis -> millis <= ANSWER_BAR.toMillis());
            for (Socket reader : readers) {
                assertThat(statusLine(reader, SLOW_ANSWER)).as("a slow reader was answered, and left to read it")
                        .isEqualTo("HTTP/1.1 200 OK");
            }
            System.out.printf("[figures] SlowAndLargeClientsIT: %d readers each pipelining %d requests for %s and reading none; "
                    + "other clients answered in at most %d ms%n", SLOW_READERS, PIPELINED, LARGE_ASSET, max(answerMillis));
        } finally {
            for (Socket reader : readers) {
                reader.close();
            }
        }
    }

    @Test
    void unfinishedBodiesToAnUnknownSourceAreAnsweredByTheirHeadAndHeldNowhere() throws Exception {
        List<Socket> senders = new ArrayList<>();
        try {
            // Sent even when answered, as the finding's clients did: the server reads and drops it.
            Map<String, Integer> answers = startUnfinishedBodies("/hooks/nosuch", senders, answer -> true);
            long heap = heapUsed();
            List<Long> answerMillis = answerTimesOfOthers(10);

            assertThat(answers).as("each body's answer, given by its head").isEqualTo(Map.of("HTTP/1.1 404 Not Found", UNFINISHED_BODIES));
            assertThat(heap).as("heap bytes used with %d unfinished 10 MiB bodies", UNFINISHED_BODIES).isLessThan(256L * 1024 * 1024);
            assertThat(answerMillis).as("ms to answer others meanwhile").allMatch(millis -> millis <= ANSWER_BAR.toMillis());
            System.out.printf("[figures] SlowAndLargeClientsIT: %d unfinished 10 MiB bodies to an unknown source, 9 MiB sent of each: "
                    + "all answered 404 by their head; heap used %d MiB; others answered in at most %d ms%n",
                    UNFINISHED_BODIES, heap >> 20, max(answerMillis));
        } finally {
            for (Socket sender : senders) {
                sender.close();
            }
        }
    }

    @Test
    void unfinishedBodiesToASourceThatTakesThemFillOnlyTheRoomSetAsideForLargeBodies() throws Exception {
        List<Socket> senders = new ArrayList<>();
        try {
            Map<String, Integer> answers = startUnfinishedBodies("/hooks/large", senders, String::isEmpty);
            long heap = heapUsed();
            List<Long> answerMillis = answerTimesOfOthers(10);

            assertThat(answers.getOrDefault("", 0)).as("bodies taken, left unfinished: %s", answers).isBetween(1, 10);
            assertThat(answers.getOrDefault("HTTP/1.1 503 Service Unavailable", 0)).as("bodies refused by their head for want of room")
                    .isEqualTo(UNFINISHED_BODIES - answers.getOrDefault("", 0));
            assertThat(heap).as("heap bytes used").isLessThan(256L * 1024 * 1024);
            assertThat(answerMillis).as("ms to answer others' small webhooks meanwhile").allMatch(millis -> millis <= ANSWER_BAR.toMillis());
            assertThat(api.get("/api/v1/events?source=large").json().path("data")).as("no unfinished body was stored").isEmpty();
            System.out.printf("[figures] SlowAndLargeClientsIT: %d unfinished 10 MiB bodies to a source that takes 10 MiB: %s; "
                    + "heap used %d MiB; others answered in at most %d ms%n", UNFINISHED_BODIES, answers, heap >> 20, max(answerMillis));
        } finally {
            for (Socket sender : senders) {
                sender.close();
            }
        }
    }

    /** Times in ms of {@code count} small webhooks and as many health checks, each on a connection of its own. */
    private static List<Long> answerTimesOfOthers(int count) {
        ApiClient others = api.onConnectionsOfItsOwn();
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long started = System.nanoTime();
            others.ingest("plain", "application/json", ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
            millis.add((System.nanoTime() - started) / 1_000_000);
            started = System.nanoTime();
            others.get("/healthz").expect(200);
            millis.add((System.nanoTime() - started) / 1_000_000);
        }
        return millis;
    }

    /**
     * Starts {@link #UNFINISHED_BODIES} bodies to {@code path}, each on a connection added to {@code senders}, and
     * sends most of each one whose answer to its head ({@code ""} for none yet) {@code sendsOn} says.
     *
     * @return how many heads got each answer
     */
    private static Map<String, Integer> startUnfinishedBodies(String path, List<Socket> senders, Predicate<String> sendsOn)
            throws IOException {
        Map<String, Integer> answers = new TreeMap<>();
        for (int i = 0; i < UNFINISHED_BODIES; i++) {
            Socket sender = startBody(path);
            senders.add(sender);
            String answer = statusLine(sender, HEAD_ANSWER);
            answers.merge(answer, 1, Integer::sum);
            if (sendsOn.test(answer)) {
                sender.getOutputStream().write(new byte[SENT]);
            }
        }
        return answers;
    }

    private static Socket startBody(String path) throws IOException {
        Socket sender = new Socket("127.0.0.1", port);
        OutputStream out = sender.getOutputStream();
        out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + DECLARED
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return sender;
    }

    /** The first line the server sent on {@code socket} within {@code wait}, or empty text when it sent none. */
    private static String statusLine(Socket socket, Duration wait) throws IOException {
        socket.setSoTimeout((int) wait.toMillis());
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        try {
            for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
                line.append((char) c);
            }
        } catch (SocketTimeoutException nothingYet) {
            return line.toString();
        }
        return line.toString();
    }

    /** The heap the server uses now, by its own {@code /metrics}. */
    private static long heapUsed() {
        ApiResponse metrics = api.get("/metrics");
        assertThat(metrics.status()).as("/metrics").isEqualTo(200);
        Matcher used = HEAP_USED.matcher(metrics.body());
        double bytes = 0;
        while (used.find()) {
            bytes += Double.parseDouble(used.group(1));
        }
        assertThat(bytes).as("heap figures in /metrics").isPositive();
        return (long) bytes;
    }

    private static long max(List<Long> millis) {
        return millis.stream().mapToLong(Long::longValue).max().orElseThrow();
    }
}
