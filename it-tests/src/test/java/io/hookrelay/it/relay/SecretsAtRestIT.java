package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.JdkEd25519;
import io.hookrelay.it.support.Receiver;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.Signature;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar as an operator runs it, under a shell's usual umask 022: its files are the owner's only, no file of its
 * data directory and nothing it prints holds a secret in any readable form, a start refuses a bad setting or a
 * database that is not its own before changing anything, and a database restored without its key is refused rather
 * than run unsigned.
 */
class SecretsAtRestIT {
    private static final String TOKEN = "an-operator-chosen-admin-token";
    private static final String TARGET_SECRET = "whsec_" + "a25vd24tdGFyZ2V0LXNlY3JldC1mb3ItdGhlLWl0LXRlc3Q=";
    private static final String SOURCE_SECRET = "known-github-secret-for-the-it-test";

    @TempDir
    Path work;

    /**
     * With a v1 target rotated within its grace period (its chosen secret still signing beside the new one) and a
     * rotated v1a target (two {@code whsk_} keys signing), no secret, current or previous, is readable in any file of
     * the data directory, nor in what the process printed from its start to its stop.
     */
    @Test
    void everyFileIsOwnerOnlyNoSecretIsReadableOnDiskAndDeliveriesAreStillSignedAndVerified() throws Exception {
        Path dataDir = work.resolve("data");
        List<String> targetSecrets = new ArrayList<>(List.of(TARGET_SECRET));
        String output;
        try (Receiver receiver = Receiver.start();
             Receiver auditor = Receiver.start();
             HookrelayProcess server = serve(dataDir, Map.of("HOOKRELAY_ADMIN_TOKEN", TOKEN))) {
            ApiClient api = api(server.awaitPort());
            configure(api, receiver);
            JsonNode audit = api.post("/api/v1/targets", "{\"id\":\"audit\",\"url\":\"" + auditor.url() + "\",\"signature\":\"v1a\"}")
                    .expect(201);
            String firstKey = audit.path("secret").asText();
            api.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"audit\"}").expect(201);
            JsonNode rotated = api.post("/api/v1/targets/billing/rotate-secret", "{\"grace_s\":3600}").expect(200);
            JsonNode rotatedKey = api.post("/api/v1/targets/audit/rotate-secret", "{\"grace_s\":3600}").expect(200);
            String newSecret = rotated.path("secret").asText();
            targetSecrets.addAll(List.of(newSecret, firstKey, rotatedKey.path("secret").asText()));
            assertThat(firstKey).startsWith("whsk_");
            assertThat(rotatedKey.path("secret").asText()).startsWith("whsk_").isNotEqualTo(firstKey);
            assertThat(newSecret).startsWith("whsec_").isNotEqualTo(TARGET_SECRET);

            String body = "{\"type\":\"push\"}";
            api.ingest("github", "application/json", body.getBytes(StandardCharsets.UTF_8),
                    Map.of("X-Hub-Signature-256", "sha256=" + hmacHex(SOURCE_SECRET, body))).expect(202);
            assertThat(api.ingest("github", "application/json", body.getBytes(StandardCharsets.UTF_8),
                    Map.of("X-Hub-Signature-256", "sha256=" + hmacHex("another secret", body))).status())
                    .as("verification still tells a forgery").isEqualTo(401);
            Receiver.Request delivered = receiver.awaitRequests(1).get(0);
            assertThat(StandardWebhooksCheck.verifies(TARGET_SECRET, delivered, Instant.now())).as("under the previous secret").isTrue();
            assertThat(StandardWebhooksCheck.verifies(newSecret, delivered, Instant.now())).as("under the new secret").isTrue();
            Receiver.Request audited = auditor.awaitRequests(1).get(0);
            assertThat(JdkEd25519.keysThatVerify(audited, audit.path("public_key").asText(), rotatedKey.path("public_key").asText()))
                    .as("the v1a delivery, under the first key and the new one")
                    .containsExactlyInAnyOrder(audit.path("public_key").asText(), rotatedKey.path("public_key").asText());

            assertThat(modes(dataDir)).containsAllEntriesOf(Map.of(
                    ".", "rwx------",
                    "hookrelay.db", "rw-------",
                    "hookrelay.db-wal", "rw-------",
                    "hookrelay.db-shm", "rw-------",
                    "hookrelay.lock", "rw-------",
                    "secret.key", "rw-------",
                    "sqlite-native", "rwx------"));
            assertThat(modes(dataDir).values()).allMatch(mode -> mode.endsWith("------"));
            assertThat(secretsReadableIn(dataDir, targetSecrets)).isEmpty();

            server.terminate();
            assertThat(server.awaitExit()).isZero();
            output = server.stdout() + server.stderr();
        }
        assertThat(secretsReadableIn(dataDir, targetSecrets)).as("after the stop's checkpoint").isEmpty();
        assertThat(output).as("the whole output, from start to stop").contains("hookrelay listening", "hookrelay stopped");
        for (String form : textForms(targetSecrets)) {
            assertThat(output).as("the process output holds a form of a secret").doesNotContain(form);
        }
    }

    @Test
    void theAdminTokenFileIsOwnerOnlyAndAKeyFromTheEnvironmentLeavesNoKeyFile() throws Exception {
        Path dataDir = work.resolve("data");
        String key = newKey();
        try (HookrelayProcess server = serve(dataDir, Map.of("HOOKRELAY_SECRET_KEY", key))) {
            server.awaitPort();

            assertThat(mode(dataDir.resolve("admin.token"))).isEqualTo("rw-------");
            assertThat(dataDir.resolve("secret.key")).doesNotExist();
        }
    }

    @Test
    void aBadSettingExits2WithOneLineAndCreatesNoDataDirectory() throws Exception {
        Path dataDir = work.resolve("never");
        for (Map<String, String> bad : List.of(
                Map.of("HOOKRELAY_ADMIN_TOKEN", "hunter2"),
                Map.of("HOOKRELAY_SECRET_KEY", Base64.getEncoder().encodeToString(new byte[31])),
                Map.of("HOOKRELAY_SECRET_KEY", "not base64 at all"))) {
            try (HookrelayProcess server = serve(dataDir, bad)) {
                assertThat(server.awaitExit()).as("%s", bad.keySet()).isEqualTo(2);
                assertThat(server.stderrLines()).singleElement().asString()
                        .contains(bad.keySet().iterator().next())
                        .doesNotContain(bad.values().iterator().next());
            }
            assertThat(dataDir).as("%s", bad.keySet()).doesNotExist();
        }
    }

    @Test
    void aDatabaseThatIsNotHookrelaysIsRefusedWithExit4AndOneLineAndLeftAsItWas() throws Exception {
        Path dataDir = Files.createDirectories(work.resolve("data"));
        Path databaseFile = dataDir.resolve("hookrelay.db");
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + databaseFile);
             Statement statement = other.createStatement()) {
            statement.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount INTEGER)");
            statement.execute("INSERT INTO invoices (amount) VALUES (42)");
        }
        byte[] before = Files.readAllBytes(databaseFile);
        FileTime modified = Files.getLastModifiedTime(databaseFile);

        try (HookrelayProcess server = serve(dataDir, Map.of())) {
            assertThat(server.awaitExit()).isEqualTo(4);
            assertThat(server.stderrLines()).singleElement().asString()
                    .contains(databaseFile.getFileName().toString(), "is not a hookrelay database");
        }

        assertThat(Files.readAllBytes(databaseFile)).isEqualTo(before);
        assertThat(Files.getLastModifiedTime(databaseFile)).isEqualTo(modified);
        assertThat(dataDir.resolve("hookrelay.db-wal")).doesNotExist();
    }

    @Test
    void aBackupRestoredWhereTheKeyDiffersIsRefusedAtStartUntilItsOwnKeyIsGiven() throws Exception {
        Path original = work.resolve("original");
        Path elsewhere = work.resolve("elsewhere");
        try (Receiver receiver = Receiver.start()) {
            try (HookrelayProcess server = serve(original, Map.of("HOOKRELAY_ADMIN_TOKEN", TOKEN))) {
                configure(api(server.awaitPort()), receiver);
                server.terminate();
                assertThat(server.awaitExit()).isZero();
            }
            try (HookrelayProcess other = serve(elsewhere, Map.of())) {
                other.awaitPort();
                other.terminate();
                assertThat(other.awaitExit()).isZero();
            }
            try (HookrelayProcess restore = HookrelayProcess.start("restore", "--from", original.resolve("hookrelay.db").toString(),
                    "--data-dir", elsewhere.toString())) {
                assertThat(restore.awaitExit()).isZero();
            }

            try (HookrelayProcess refused = serve(elsewhere, Map.of())) {
                assertThat(refused.awaitExit()).isEqualTo(2);
                assertThat(refused.stderrLines()).singleElement().asString()
                        .contains("secret key", elsewhere.resolve("secret.key").getFileName().toString(), "HOOKRELAY_SECRET_KEY");
            }

            String originalKey = Files.readString(original.resolve("secret.key")).strip();
            try (HookrelayProcess withItsKey = serve(elsewhere, Map.of("HOOKRELAY_ADMIN_TOKEN", TOKEN, "HOOKRELAY_SECRET_KEY", originalKey))) {
                ApiClient api = api(withItsKey.awaitPort());
                String body = "{\"type\":\"push\"}";
                api.ingest("github", "application/json", body.getBytes(StandardCharsets.UTF_8),
                        Map.of("X-Hub-Signature-256", "sha256=" + hmacHex(SOURCE_SECRET, body))).expect(202);
                Receiver.Request delivered = receiver.awaitRequests(1).get(0);
                assertThat(StandardWebhooksCheck.verifies(TARGET_SECRET, delivered, Instant.now())).isTrue();
            }
        }
    }

    private static HookrelayProcess serve(Path dataDir, Map<String, String> environment) throws IOException {
        return HookrelayProcess.startUnderUmask022(environment, "serve", "--data-dir", dataDir.toString(), "--port", "0");
    }

    private static ApiClient api(int port) {
        return new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(TOKEN));
    }

    private static void configure(ApiClient api, Receiver receiver) {
        api.post("/api/v1/targets", "{\"id\":\"billing\",\"url\":\"" + receiver.url() + "\",\"secret\":\"" + TARGET_SECRET + "\"}")
                .expect(201);
        api.post("/api/v1/sources", "{\"id\":\"github\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"" + SOURCE_SECRET + "\"}}")
                .expect(201);
        api.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"billing\"}").expect(201);
    }

    /**
     * The files of the data directory, every one of them, that hold a secret in any readable form: as text, the key
     * bytes a target's {@code whsec_} or {@code whsk_} secret stands for, their base64 and hex; the source's secret's
     * base64 and hex.
     */
    private static List<String> secretsReadableIn(Path dataDir, List<String> targetSecrets) throws IOException {
        List<byte[]> forms = new ArrayList<>();
        textForms(targetSecrets).forEach(form -> forms.add(form.getBytes(StandardCharsets.US_ASCII)));
        targetSecrets.forEach(secret -> forms.add(keyOf(secret)));
        List<String> found = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dataDir)) {
            files = walk.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).toList();
        }
        for (Path file : files) {
            String bytes;
            try {
                bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            } catch (NoSuchFileException gone) {
                continue;
            }
            for (byte[] form : forms) {
                if (bytes.contains(new String(form, StandardCharsets.ISO_8859_1))) {
                    found.add(dataDir.relativize(file) + " holds a form of a secret");
                }
            }
        }
        return found;
    }

    /** Each secret as text; each target secret's key in base64 and hex; the source's secret in hex and base64. */
    private static List<String> textForms(List<String> targetSecrets) {
        List<String> forms = new ArrayList<>(targetSecrets);
        for (String secret : targetSecrets) {
            forms.add(secret.substring(secret.indexOf('_') + 1));
            forms.add(HexFormat.of().formatHex(keyOf(secret)));
        }
        byte[] sourceSecret = SOURCE_SECRET.getBytes(StandardCharsets.US_ASCII);
        forms.addAll(List.of(SOURCE_SECRET, HexFormat.of().formatHex(sourceSecret), Base64.getEncoder().encodeToString(sourceSecret)));
        return forms;
    }

    /** The key bytes after a {@code whsec_} or {@code whsk_} prefix. */
    private static byte[] keyOf(String secret) {
        return Base64.getDecoder().decode(secret.substring(secret.indexOf('_') + 1));
    }

    private static Map<String, String> modes(Path dataDir) throws IOException {
        Map<String, String> modes = new TreeMap<>();
        modes.put(".", mode(dataDir));
        try (Stream<Path> entries = Files.list(dataDir)) {
            for (Path entry : entries.toList()) {
                modes.put(entry.getFileName().toString(), mode(entry));
            }
        }
        return modes;
    }

    private static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
    }

    private static String hmacHex(String secret, String body) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static String newKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
