package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.storage.sqlite.files.SecretKeyFile;
import io.hookrelay.storage.sqlite.files.SecretKeyMismatchException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class SecretsAtRestTest {
    private static final String TARGET_SECRET = "whsec_" + "dGFyZ2V0LXNpZ25pbmcta2V5LWtub3duLXRvLXRlc3Q=";
    private static final String SOURCE_SECRET = "github-verification-secret-known-to-the-test";
    private static final SecureRandom RANDOM = new SecureRandom();

    @TempDir
    Path dataDir;

    @Test
    void noFormOfASecretIsInTheDatabaseOrItsWalBeforeOrAfterACheckpointAndBothReadBack() throws Exception {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            configure(database);

            assertThat(Files.size(RawBytes.databaseAndWal(dataDir).get(1))).as("the writes are in the -wal").isPositive();
            assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), TARGET_SECRET, SOURCE_SECRET)).isEmpty();

            try (Connection plain = PlainConnections.open(dataDir.resolve(SqliteDatabase.DATABASE_FILE))) {
                PlainConnections.execute(plain, "PRAGMA wal_checkpoint(FULL)");
            }
            assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), TARGET_SECRET, SOURCE_SECRET)).isEmpty();
            assertReadBack(database);
        }
        assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), TARGET_SECRET, SOURCE_SECRET)).isEmpty();

        try (SqliteRelayDatabase reopened = SqliteRelayDatabase.open(dataDir)) {
            assertReadBack(reopened);
        }
    }

    @Test
    void theKeyFileIsMadeAtTheFirstStartOwnerOnlyAndKeptAfter() throws IOException {
        SqliteRelayDatabase.open(dataDir).close();
        Path keyFile = dataDir.resolve(SecretKeyFile.FILE_NAME);
        String key = Files.readString(keyFile);

        assertThat(FileModes.of(keyFile)).isEqualTo("rw-------");
        SecretCipher.fromBase64(key, "the test", RANDOM);
        SqliteRelayDatabase.open(dataDir).close();
        assertThat(Files.readString(keyFile)).isEqualTo(key);
    }

    /** A first start killed while writing its key leaves a partial file, never a half-written key. */
    @Test
    void aKeyFileLeftHalfWrittenByAnEarlierFirstStartIsReplacedNotRead() throws IOException {
        Files.createDirectories(dataDir);
        Path partial = dataDir.resolve(SecretKeyFile.FILE_NAME + ".partial");
        Files.writeString(partial, "half a ke");

        SqliteRelayDatabase.open(dataDir).close();

        assertThat(partial).doesNotExist();
        Path keyFile = dataDir.resolve(SecretKeyFile.FILE_NAME);
        assertThat(FileModes.of(keyFile)).isEqualTo("rw-------");
        SecretCipher.fromBase64(Files.readString(keyFile), "the test", RANDOM);
    }

    @Test
    void aGivenKeyTakesThePlaceOfTheFileWhichIsNeitherReadNorMade() throws Exception {
        SecretCipher given = newKey("the given key");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir, Clock.systemUTC(), Optional.of(given))) {
            configure(database);
        }
        assertThat(dataDir.resolve(SecretKeyFile.FILE_NAME)).doesNotExist();

        try (SqliteRelayDatabase reopened = SqliteRelayDatabase.open(dataDir, Clock.systemUTC(), Optional.of(given))) {
            assertReadBack(reopened);
        }
    }

    @Test
    void anotherKeyIsRefusedAtOpenInOneLineAndChangesNothing() throws Exception {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            configure(database);
        }
        byte[] before = Files.readAllBytes(dataDir.resolve(SqliteDatabase.DATABASE_FILE));

        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir, Clock.systemUTC(), Optional.of(newKey("HOOKRELAY_SECRET_KEY"))))
                .isInstanceOf(SecretKeyMismatchException.class)
                .hasMessageContaining("HOOKRELAY_SECRET_KEY")
                .hasMessageContaining(SqliteDatabase.DATABASE_FILE)
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining(TARGET_SECRET)
                .hasMessageNotContaining(SOURCE_SECRET);

        assertThat(Files.readAllBytes(dataDir.resolve(SqliteDatabase.DATABASE_FILE))).isEqualTo(before);
        try (SqliteRelayDatabase withItsOwnKey = SqliteRelayDatabase.open(dataDir)) {
            assertReadBack(withItsOwnKey);
        }
    }

    @Test
    void aLostKeyFileIsRefusedRatherThanReplacedWithANewKey() throws Exception {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            configure(database);
        }
        Path keyFile = dataDir.resolve(SecretKeyFile.FILE_NAME);
        String key = Files.readString(keyFile);
        Files.delete(keyFile);

        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir))
                .isInstanceOf(SecretKeyMismatchException.class)
                .hasMessageContaining(keyFile.toString())
                .hasMessageNotContaining("\n");
        assertThat(keyFile).as("no new key was made for secrets it could not open").doesNotExist();

        Files.writeString(keyFile, key);
        try (SqliteRelayDatabase withTheKeyPutBack = SqliteRelayDatabase.open(dataDir)) {
            assertReadBack(withTheKeyPutBack);
        }
    }

    @Test
    void aDatabaseThatHoldsNoSecretYetTakesTheKeyItIsGivenAndKeepsIt() throws Exception {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            database.sourceStore().create(TenantId.DEFAULT, RelayFixture.source("unverified"));
        }
        SecretCipher given = newKey("the given key");

        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir, Clock.systemUTC(), Optional.of(given))) {
            configure(database);
        }

        try (SqliteRelayDatabase reopened = SqliteRelayDatabase.open(dataDir, Clock.systemUTC(), Optional.of(given))) {
            assertReadBack(reopened);
        }
        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir)).as("the key file it was first given no longer fits")
                .isInstanceOf(SecretKeyMismatchException.class);
    }

    @Test
    void aKeyFileThatHoldsNoKeyIsRefusedNamingTheFile() throws IOException {
        Files.createDirectories(dataDir);
        Path keyFile = dataDir.resolve(SecretKeyFile.FILE_NAME);
        Files.writeString(keyFile, "not a key\n");

        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(keyFile.toString())
                .hasMessageNotContaining("not a key");
        assertThat(Files.readString(keyFile)).isEqualTo("not a key\n");
    }

    @Test
    void aValueStoredInTheClearBehindTheStoresBackIsRefusedWhenReadNotUsed() throws SQLException {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            configure(database);
            try (Connection plain = PlainConnections.open(dataDir.resolve(SqliteDatabase.DATABASE_FILE))) {
                PlainConnections.execute(plain, "UPDATE targets SET secret = '" + TARGET_SECRET + "'");
            }

            assertThatThrownBy(() -> new SqliteTargetStore(database).list(TenantId.DEFAULT))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageNotContaining(TARGET_SECRET);
        }
    }

    private static void configure(SqliteRelayDatabase database) {
        new SqliteTargetStore(database).create(TenantId.DEFAULT, target());
        database.sourceStore().create(TenantId.DEFAULT, source());
    }

    private static void assertReadBack(SqliteRelayDatabase database) {
        assertThat(new SqliteTargetStore(database).find(TenantId.DEFAULT, "billing")).contains(target());
        assertThat(database.sourceStore().find(TenantId.DEFAULT, "github")).contains(source());
        assertThat(new SqliteTargetStore(database).list(TenantId.DEFAULT)).contains(target());
        assertThat(database.sourceStore().list(TenantId.DEFAULT)).contains(source());
    }

    public static Target target() {
        return new Target("billing", URI.create("https://billing.example/hooks"), TARGET_SECRET, Target.DEFAULT_TIMEOUT,
                Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT);
    }

    public static Source source() {
        return new Source("github", new Verification(VerificationScheme.HMAC_SHA256, SOURCE_SECRET, null, null, null),
                Optional.empty(), new EventTypeSource.None(), Source.DEFAULT_MAX_BODY_BYTES);
    }

    private static SecretCipher newKey(String origin) {
        return SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), origin, RANDOM);
    }
}
