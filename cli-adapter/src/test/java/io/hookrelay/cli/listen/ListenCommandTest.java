package io.hookrelay.cli.listen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.HookrelayCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class ListenCommandTest {
    private static final String SECRET = "whsec_" + base64("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final String OTHER_SECRET = "whsec_" + base64("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));
    private static final String BODY = "{\"type\":\"order.paid\",\"total\":42}";
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:(\\d+)/) — point a target at this URL");
    private static final String TIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z";

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<Listening> started = new ArrayList<>();

    @AfterEach
    void stopEveryListener() {
        started.forEach(Listening::stop);
    }

    @Test
    void aCorrectlySignedDeliveryIsPrintedWithItsHeadersAndBodyAsValidAndAnswered200() throws Exception {
        Listening listening = listen("--secret", SECRET);
        long now = Instant.now().getEpochSecond();

        HttpResponse<String> response = post(listening, "orders", BODY, "content-type", "application/json",
                "webhook-id", "evt_1", "webhook-timestamp", Long.toString(now), "webhook-signature", sign(SECRET, "evt_1", now, BODY),
                "x-hookrelay-attempt", "3", "x-hookrelay-event-type", "order.paid");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("hookrelay listen answered 200\n");
        List<String> request = listening.awaitRequest("webhook-id: evt_1");
        assertThat(request.get(0)).matches(TIME + "  POST /orders  webhook-id: evt_1  attempt: 3  event-type: order\\.paid  signature: valid");
        assertThat(request.subList(1, request.size())).containsExactly("  " + BODY, "");
    }

    @Test
    void aV1aSignatureIsCheckedAgainstThePublicKey() throws Exception {
        KeyPair signer = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        KeyPair stranger = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        Listening listening = listen("--public-key", publicKeyOf(signer));
        long now = Instant.now().getEpochSecond();

        post(listening, "", BODY, "webhook-id", "evt_5", "webhook-timestamp", Long.toString(now),
                "webhook-signature", "v1,bm90IG1pbmU= " + signV1a(signer, "evt_5", now, BODY));
        post(listening, "", BODY, "webhook-id", "evt_6", "webhook-timestamp", Long.toString(now),
                "webhook-signature", signV1a(stranger, "evt_6", now, BODY));

        assertThat(listening.awaitRequest("webhook-id: evt_5").get(0)).endsWith("  signature: valid");
        assertThat(listening.awaitRequest("webhook-id: evt_6").get(0))
                .endsWith("  signature: INVALID (no v1a signature matches --public-key)");
    }

    @Test
    void aWronglySignedRequestIsPrintedAsInvalidAndStillAnswered() throws Exception {
        Listening listening = listen("--secret", SECRET);
        long now = Instant.now().getEpochSecond();

        HttpResponse<String> response = post(listening, "", BODY,
                "webhook-id", "evt_2", "webhook-timestamp", Long.toString(now), "webhook-signature", sign(OTHER_SECRET, "evt_2", now, BODY));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(listening.awaitRequest("webhook-id: evt_2").get(0))
                .matches(TIME + "  POST /  webhook-id: evt_2  signature: INVALID \\(no v1 signature matches --secret\\)");
    }

    @Test
    void aCorrectSignatureOfAStaleTimestampIsInvalid() throws Exception {
        Listening listening = listen("--secret", SECRET);
        long tenMinutesAgo = Instant.now().minus(Duration.ofMinutes(10)).getEpochSecond();

        post(listening, "", BODY, "webhook-id", "evt_3", "webhook-timestamp", Long.toString(tenMinutesAgo),
                "webhook-signature", sign(SECRET, "evt_3", tenMinutesAgo, BODY));

        assertThat(listening.awaitRequest("webhook-id: evt_3").get(0))
                .matches(".*signature: INVALID \\(webhook-timestamp is 6\\d\\d s old, more than 5 minutes\\)");
    }

    @Test
    void aMissingSignatureHeaderIsNamed() throws Exception {
        Listening listening = listen("--secret", SECRET);

        post(listening, "", BODY, "webhook-id", "evt_4", "webhook-timestamp", Long.toString(Instant.now().getEpochSecond()));

        assertThat(listening.awaitRequest("webhook-id: evt_4").get(0)).endsWith("  signature: INVALID (no webhook-signature header)");
    }

    @Test
    void withoutASecretItSaysSignaturesAreNotChecked() throws Exception {
        Listening listening = listen();

        post(listening, "plain?from=curl", "hello", "x-hookrelay-attempt", "1");

        assertThat(listening.out().lines().limit(2)).containsExactly(
                "listening on " + listening.url() + " — point a target at this URL",
                "signatures are not checked: add --secret with the target's whsec_ secret, or --public-key with its whpk_ key, to check them");
        assertThat(listening.awaitRequest("/plain").get(0))
                .matches(TIME + "  POST /plain\\?from=curl  attempt: 1  signature: not checked \\(no --secret or --public-key\\)");
    }

    @Test
    void theListeningLineComesFirstAndNeverShowsTheSecret() {
        Listening listening = listen("--secret", SECRET);

        assertThat(listening.out().lines().limit(2)).containsExactly(
                "listening on " + listening.url() + " — point a target at this URL",
                "checking each webhook-signature against --secret");
        assertThat(listening.out()).doesNotContain(SECRET.substring("whsec_".length()));
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 429, 201})
    void everyRequestIsAnsweredWithTheStatusItWasGiven(int status) throws Exception {
        Listening listening = listen("--status", Integer.toString(status));

        HttpResponse<String> response = post(listening, "", BODY);

        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.body()).isEqualTo("hookrelay listen answered " + status + "\n");
    }

    @Test
    void a204IsAnsweredWithoutABody() throws Exception {
        Listening listening = listen("--status", "204");

        HttpResponse<String> response = post(listening, "", BODY);

        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(response.body()).isEmpty();
    }

    @Test
    void aLongBodyIsPrintedCutAt2KiB() throws Exception {
        Listening listening = listen();

        post(listening, "big", "z".repeat(5000));

        assertThat(listening.awaitRequest("/big").subList(1, 4))
                .containsExactly("  " + "z".repeat(2048), "  [truncated: the first 2048 of 5000 bytes are shown]", "");
    }

    @Test
    void anInterruptStopsItWithExitCode0AndClosesThePort() throws Exception {
        Listening listening = listen();

        assertThat(listening.stop()).isZero();

        awaitRefused(URI.create(listening.url()));
        assertThatThrownBy(() -> post(listening, "", BODY)).isInstanceOf(ConnectException.class);
        assertThat(listening.err()).isEmpty();
    }

    /**
     * The JDK's server closes its listening socket on its dispatcher thread, which {@code stop(0)} does not wait
     * for: a connection made in between is taken and dropped. Closed it must be, within the patience.
     */
    private static void awaitRefused(URI url) throws Exception {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (true) {
            try (Socket ignored = new Socket(url.getHost(), url.getPort())) {
                assertThat(Instant.now()).as("the port is still open after the patience").isBefore(deadline);
                TimeUnit.MILLISECONDS.sleep(10);
            } catch (ConnectException refused) {
                return;
            }
        }
    }

    @Test
    void aPortInUseIsOneLineAndExitCode1() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            Cli.Result result = Cli.run(Map.of(), "listen", "--port", Integer.toString(taken.getLocalPort()));

            assertThat(result.exitCode()).isEqualTo(1);
            assertThat(result.errLines()).singleElement().asString()
                    .startsWith("hookrelay: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": ")
                    .containsIgnoringCase("in use");
            assertThat(result.out()).isEmpty();
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--port|70000|hookrelay: --port must be between 0 and 65535, was 70000",
        "--port|-1|hookrelay: --port must be between 0 and 65535, was -1",
        "--status|99|hookrelay: --status must be between 200 and 599, was 99",
        "--status|600|hookrelay: --status must be between 200 and 599, was 600",
        "--secret|whsec_c2hvcnQ=|hookrelay: --secret must be whsec_ followed by the base64 of 24 to 64 bytes",
        "--secret|hunter2-hunter2-hunter2-hunter2|hookrelay: --secret must be whsec_ followed by the base64 of 24 to 64 bytes",
        "--public-key|whpk_c2hvcnQ=|hookrelay: --public-key must be whpk_ followed by the base64 of a 32-byte ed25519 public key",
        "--host|no-such-host.invalid|hookrelay: --host no-such-host.invalid does not resolve to an address",
        "--port|nine|hookrelay: Invalid value for option '--port': 'nine' is not an int (see 'hookrelay listen --help')",
    })
    void anInvalidOptionIsOneLineAndExitCode2(String option, String value, String line) {
        Cli.Result result = Cli.run(Map.of(), "listen", option, value);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly(line);
        assertThat(result.out()).isEmpty();
    }

    @Test
    void theServersEnvironmentVariablesDoNotMoveTheReceiver() {
        Map<String, String> environment = Map.of("HOOKRELAY_HOST", "0.0.0.0", "HOOKRELAY_PORT", "8081");

        String listenHelp = Cli.run(environment, "listen", "--help").out().replaceAll("\\s+", " ");
        String serveHelp = Cli.run(environment, "serve", "--help").out().replaceAll("\\s+", " ");

        assertThat(listenHelp).contains("(default: 9000)").contains("(default: 127.0.0.1)").doesNotContain("8081");
        assertThat(serveHelp).contains("(env HOOKRELAY_PORT; default: 8081)");
    }

    private Listening listen(String... options) {
        Listening listening = Listening.start(options);
        started.add(listening);
        return listening;
    }

    private HttpResponse<String> post(Listening listening, String path, String body, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(listening.url() + path))
                .timeout(PATIENCE)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A Standard Webhooks signature computed here, straight from javax.crypto, not by the code under test. */
    private static String sign(String secret, String id, long timestamp, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            return "v1," + base64(mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /** A v1a entry signed here with the JDK's ed25519, not by the code under test. */
    private static String signV1a(KeyPair pair, String id, long timestamp, String body) throws GeneralSecurityException {
        Signature signature = Signature.getInstance("Ed25519");
        signature.initSign(pair.getPrivate());
        signature.update((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
        return "v1a," + base64(signature.sign());
    }

    /** The whpk_ form of a key: its raw 32 bytes, the end of the X.509 encoding. */
    private static String publicKeyOf(KeyPair pair) {
        byte[] encoded = pair.getPublic().getEncoded();
        return "whpk_" + base64(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** {@code hookrelay listen --port 0} running on its own thread through the real command line. */
    private static final class Listening {
        private final StringWriter out = new StringWriter();
        private final StringWriter err = new StringWriter();
        private final AtomicInteger exitCode = new AtomicInteger(-1);
        private Thread thread;
        private String url;

        static Listening start(String... options) {
            Listening listening = new Listening();
            CommandLine commandLine = HookrelayCli.commandLine(serveOptions -> {
                throw new AssertionError("serve was not expected here");
            }, restoreOptions -> {
                throw new AssertionError("restore was not expected here");
            }, name -> null);
            commandLine.setOut(new PrintWriter(listening.out, true));
            commandLine.setErr(new PrintWriter(listening.err, true));
            List<String> args = new ArrayList<>(List.of("listen", "--port", "0"));
            args.addAll(List.of(options));
            listening.thread = new Thread(() -> listening.exitCode.set(commandLine.execute(args.toArray(String[]::new))), "listen-under-test");
            listening.thread.start();
            Matcher listeningLine = listening.await(() -> {
                Matcher matcher = LISTENING.matcher(listening.out());
                return matcher.find() ? Optional.of(matcher) : Optional.empty();
            });
            listening.url = listeningLine.group(1);
            return listening;
        }

        String url() {
            return url;
        }

        String out() {
            return out.toString();
        }

        String err() {
            return err.toString();
        }

        /** The lines printed for the request whose first line contains {@code marker}, up to the blank line after them. */
        List<String> awaitRequest(String marker) {
            return await(() -> {
                List<String> lines = out().lines().toList();
                for (int first = 0; first < lines.size(); first++) {
                    if (lines.get(first).contains(marker) && lines.get(first).contains("signature: ")) {
                        int blank = lines.subList(first, lines.size()).indexOf("");
                        return blank < 0 ? Optional.empty() : Optional.of(lines.subList(first, first + blank + 1));
                    }
                }
                return Optional.empty();
            });
        }

        /** Polls until there is an answer, failing after a while with what was printed. */
        private <T> T await(Supplier<Optional<T>> answer) {
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            Optional<T> found = answer.get();
            while (found.isEmpty()) {
                if (System.nanoTime() > deadline || !thread.isAlive()) {
                    throw new AssertionError("not printed within " + PATIENCE + ":\n" + out + "\nerr:\n" + err);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                found = answer.get();
            }
            return found.get();
        }

        int stop() {
            thread.interrupt();
            try {
                thread.join(PATIENCE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            assertThat(thread.isAlive()).as("listen stopped").isFalse();
            return exitCode.get();
        }
    }
}
