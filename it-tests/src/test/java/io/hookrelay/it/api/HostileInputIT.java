package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar, as an operator runs it, under the whole hostile set: every table of {@link BadInputIT}, the
 * requests Undertow's parser refuses, and a signed webhook captured and sent again within its tolerance. Then
 * the process is stopped with SIGTERM, so that all it would ever print is printed, and its output is read: no
 * secret the test knows of (the admin token, the sources' and targets' secrets, every token and signature sent)
 * and no stack trace may be in it, and no answer may repeat a secret either.
 */
class HostileInputIT {
    /** A stack trace's frames and cause lines, or an exception's class name in a log line. */
    private static final Pattern STACK_TRACE = Pattern.compile("(?m)^\\s+at [\\w$.<>/]+\\(|^Caused by: |^\\s*\\.\\.\\. \\d+ more$"
            + "|\\b[A-Z]\\w*(Exception|Error)\\b");
    private static final Pattern JSON_SECRET = Pattern.compile("\"secret\"\\s*:\\s*\"([^\"]+)\"");
    /** Shorter values sent as secrets (such as {@code "s"}) would be found in any output by chance. */
    private static final int SHORTEST_SECRET = 16;
    private static final Set<String> CREDENTIAL_HEADERS = Set.of("authorization", "cookie", "x-admin-token");
    private static final Optional<String> ADMIN = Optional.of(RelayServer.ADMIN_TOKEN);

    @Test
    void noSecretAndNoStackTraceReachesTheProcessOutput(@TempDir Path dataDir) throws Exception {
        long started = System.nanoTime();
        writeOwnerOnly(dataDir.resolve("admin.token"), RelayServer.ADMIN_TOKEN);
        try (Receiver receiver = Receiver.start(); HookrelayProcess process = HookrelayProcess.serve(dataDir)) {
            int port = process.awaitPort();
            long listening = System.nanoTime();
            ApiClient client = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.empty());
            ServerApi api = ServerApi.of(client);
            Path backups = BadInputWorld.backupDirectoryOf(dataDir);
            BadInputWorld world = BadInputWorld.settle(api, receiver.url(), backups);
            Set<String> secrets = new TreeSet<>(world.secrets());
            secrets.add(RelayServer.ADMIN_TOKEN);
            aCapturedWebhookSentAgainWithinItsToleranceIsADuplicate(api, world.placeholders());
            List<Object> settled = BadInputWorld.snapshot(client.withToken(ADMIN), receiver, backups);

            List<ApiResponse> answers = new ArrayList<>();
            List<BadInput> inputs = BadInputIT.badInputs().toList();
            for (BadInput input : inputs) {
                ApiResponse answer = input.sendTo(api, world.placeholders());
                assertThat(answer.status()).as("%s: %s", input, answer).isEqualTo(input.status());
                answers.add(answer);
                secrets.addAll(secretsSentBy(input, world.placeholders()));
            }
            List<MalformedRequest> malformed = BadInputIT.malformedRequests().toList();
            for (MalformedRequest request : malformed) {
                assertThat(request.sendTo(port).status()).as("%s", request).isEqualTo(400);
            }
            long replayed = System.nanoTime();
            assertThat(BadInputWorld.snapshot(client.withToken(ADMIN), receiver, backups)).as("nothing the hostile set sent was stored")
                    .isEqualTo(settled);

            process.terminate();
            assertThat(process.awaitExit()).as("a clean stop after all of it").isZero();
            String output = process.stdout() + process.stderr();

            assertThat(output).as("the whole output, from start to stop, is read").contains("hookrelay listening", "hookrelay stopped");
            assertThat(output).as("the process output").doesNotContainPattern(STACK_TRACE);
            for (String secret : secrets) {
                assertThat(output).as("the process output holds a secret").doesNotContain(secret);
                assertThat(answers).as("an answer holds a secret").noneMatch(answer -> answer.body().contains(secret));
            }
            System.out.printf("[figures] HostileInputIT: %d refused API requests and %d requests refused by the HTTP parser sent in %d ms; "
                            + "%d secrets looked for in %d lines of output; %d ms to listening, %d ms in all%n", inputs.size(),
                    malformed.size(), millis(listening, replayed), secrets.size(), output.lines().count(), millis(started, listening),
                    millis(started, System.nanoTime()));
        }
    }

    /**
     * Within the five minutes a signature stays current, sending a captured request again is not refused for its
     * signature: the source's idempotency key ({@code webhook-id}) makes it the same event, not a second one. Sent
     * right after the world is settled, while the signature made then is current however slow the machine.
     */
    private static void aCapturedWebhookSentAgainWithinItsToleranceIsADuplicate(ServerApi api, Map<String, String> placeholders) {
        Map<String, String> headers = Map.of("Content-Type", BadInput.JSON, "webhook-id", BadInputWorld.SIGNED_ID,
                "webhook-timestamp", placeholders.get("now"), "webhook-signature", placeholders.get("sw-now"));
        JsonNode first = api.send(Optional.empty(), "POST", "/hooks/sw", BodyPublishers.ofString(BadInputWorld.SIGNED_BODY), headers)
                .expect(202);
        JsonNode again = api.send(Optional.empty(), "POST", "/hooks/sw", BodyPublishers.ofString(BadInputWorld.SIGNED_BODY), headers)
                .expect(200);

        assertThat(again.path("duplicate").asBoolean()).isTrue();
        assertThat(again.path("event_id").asText()).isEqualTo(first.path("event_id").asText());
    }

    /** What the request carries that a log must never show: its admin token, credential and signature headers, JSON secrets. */
    private static List<String> secretsSentBy(BadInput input, Map<String, String> placeholders) {
        List<String> sent = new ArrayList<>();
        input.token().ifPresent(sent::add);
        input.headers().forEach((name, value) -> {
            String lowerCase = name.toLowerCase(Locale.ROOT);
            if (CREDENTIAL_HEADERS.contains(lowerCase) || lowerCase.contains("signature")) {
                sent.add(BadInput.fill(value, placeholders));
            }
        });
        Matcher secret = JSON_SECRET.matcher(input.body());
        while (secret.find()) {
            sent.add(secret.group(1));
        }
        return sent.stream().filter(value -> value.length() >= SHORTEST_SECRET).toList();
    }

    private static long millis(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1_000_000;
    }

    /** As the server writes its own token file: readable by its owner only. */
    private static void writeOwnerOnly(Path file, String token) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, token + "\n");
    }
}
