package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.BackupDirectory;
import io.hookrelay.delivery.model.DatabaseSnapshot;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.sqlite.files.SecretKeyFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteDatabaseBackupTest {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path tempDir;

    private SqliteRelayFixture relay;
    private SqliteDatabaseBackup backup;

    @BeforeEach
    void open() {
        relay = new SqliteRelayFixture(tempDir.resolve("data"));
        backup = new SqliteDatabaseBackup(relay.database);
        relay.configure(List.of("orders"), List.of("billing", "audit"));
        relay.routes.create(TenantId.DEFAULT, relay.route("orders", "billing"));
        relay.routes.create(TenantId.DEFAULT, relay.route("orders", "audit", "invoice.*"));
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void aSnapshotTakenWhileIngestsCommitOpensAsAConsistentCopy() throws Exception {
        Path copy = tempDir.resolve("backup.db");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger stored = new AtomicInteger();
        CompletableFuture<Void> ingests = CompletableFuture.runAsync(() -> {
            while (!stop.get()) {
                relay.ingest("orders", "billing", "audit");
                stored.incrementAndGet();
            }
        });
        long size;
        int storedBeforeBackup;
        try {
            Await.until("some ingests committed", PATIENCE, () -> stored.get() >= 20 || ingests.isDone());
            storedBeforeBackup = stored.get();
            try (DatabaseSnapshot snapshot = backup.snapshot()) {
                size = snapshot.size();
                Files.copy(snapshot.content(), copy);
            }
        } finally {
            stop.set(true);
        }
        ingests.get();

        assertThat(size).isEqualTo(Files.size(copy)).isPositive();
        Path restoredDir = Files.createDirectory(tempDir.resolve("restored"));
        Files.copy(copy, restoredDir.resolve(SqliteDatabase.DATABASE_FILE));
        Files.copy(tempDir.resolve("data").resolve(SecretKeyFile.FILE_NAME), restoredDir.resolve(SecretKeyFile.FILE_NAME));
        try (SqliteRelayFixture restored = new SqliteRelayFixture(restoredDir)) {
            assertThat(restored.sources.list(TenantId.DEFAULT)).isEqualTo(relay.sources.list(TenantId.DEFAULT));
            assertThat(restored.targets.list(TenantId.DEFAULT)).isEqualTo(relay.targets.list(TenantId.DEFAULT));
            assertThat(restored.routes.list(TenantId.DEFAULT)).isEqualTo(relay.routes.list(TenantId.DEFAULT));
            List<EventSummary> events = restored.events.list(TenantId.DEFAULT, EventFilter.all(), PageRequest.first(PageRequest.LARGEST_LIMIT))
                    .items();
            assertThat(events).hasSizeGreaterThanOrEqualTo(storedBeforeBackup);
            for (EventSummary event : events) {
                assertThat(restored.events.find(TenantId.DEFAULT, event.id())).isEqualTo(relay.events.find(TenantId.DEFAULT, event.id()));
                assertThat(restored.deliveries.forEvent(TenantId.DEFAULT, event.id())).as("an event and its deliveries, together")
                        .isEqualTo(relay.deliveries.forEvent(TenantId.DEFAULT, event.id())).hasSize(2);
            }
            assertThat(restored.rows("intents")).isEqualTo(2L * events.size());
        }
    }

    @Test
    void aSnapshotHasNoNameOnDiskWhileItIsReadAndHoldsNoSpaceOnceClosed() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "open files are listed in /proc/self/fd");
        relay.ingest("orders", "billing");
        Path dataDir = relay.database.dataDir();

        DatabaseSnapshot snapshot = backup.snapshot();
        try {
            assertThat(snapshotFiles(dataDir)).as("snapshot files named in the data directory").isEmpty();
            assertThat(openSnapshots()).as("open, unlinked snapshot files").isEqualTo(1);
            assertThat(snapshot.content().readNBytes(16)).asString(StandardCharsets.US_ASCII).isEqualTo("SQLite format 3\0");
        } finally {
            snapshot.close();
        }

        assertThat(openSnapshots()).as("open snapshot files after close").isZero();
    }

    @Test
    void snapshotsLeftByAProcessThatDiedAreDeletedByTheNextOne() throws Exception {
        Path dataDir = relay.database.dataDir();
        Path leftover = Files.writeString(
                dataDir.resolve(SqliteDatabaseBackup.SNAPSHOT_PREFIX + "123" + SqliteDatabaseBackup.SNAPSHOT_SUFFIX), "half a copy");
        Path unrelated = Files.writeString(dataDir.resolve("notes.db"), "the operator's");

        new SqliteDatabaseBackup(relay.database);

        assertThat(leftover).doesNotExist();
        assertThat(unrelated).hasContent("the operator's");
    }

    @Test
    void aCopyIntoAFileHasTheSameRowsAndKeepsTheFileOwnerOnlyWithNothingBesideIt() throws Exception {
        var ingested = relay.ingest("orders", "billing");
        relay.intents.complete(relay.claimAll().get(ingested.deliveryTo("billing")), relay.clock.instant());
        Path backups = Files.createDirectory(tempDir.resolve("backups"));
        Path copy = Files.createFile(backups.resolve("backup.db"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));

        long size = backup.copyInto(copy);

        assertThat(size).isEqualTo(Files.size(copy)).isPositive();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copy))).isEqualTo("rw-------");
        try (Stream<Path> files = Files.list(backups)) {
            assertThat(files).containsExactly(copy);
        }
        Path restoredDir = Files.createDirectory(tempDir.resolve("restored"));
        Files.copy(copy, restoredDir.resolve(SqliteDatabase.DATABASE_FILE));
        Files.copy(tempDir.resolve("data").resolve(SecretKeyFile.FILE_NAME), restoredDir.resolve(SecretKeyFile.FILE_NAME));
        try (SqliteRelayFixture restored = new SqliteRelayFixture(restoredDir)) {
            assertThat(restored.events.find(TenantId.DEFAULT, ingested.event().id())).contains(ingested.event());
            assertThat(restored.deliveries.list(TenantId.DEFAULT, DeliveryFilter.all(), PageRequest.first(10)).items())
                    .extracting(Delivery::id, Delivery::state)
                    .containsExactly(tuple(ingested.deliveryTo("billing"),
                            IntentState.COMPLETED));
        }
    }

    @Test
    void aCopyIsOnlyEverWrittenIntoAnEmptyFileNeverThroughALink() throws Exception {
        Path full = Files.writeString(tempDir.resolve("full.db"), "keep me", StandardCharsets.UTF_8);
        Path target = Files.createFile(tempDir.resolve("elsewhere.db"));
        Path link = Files.createSymbolicLink(tempDir.resolve("link.db"), target);

        assertThatThrownBy(() -> backup.copyInto(full)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> backup.copyInto(link)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> backup.copyInto(tempDir.resolve("missing.db"))).isInstanceOf(IllegalArgumentException.class);

        assertThat(full).hasContent("keep me");
        assertThat(target).isEmptyFile();
        assertThat(tempDir.resolve("missing.db")).doesNotExist();
    }

    @Test
    void aServerSideBackupIsOwnerOnlyInTheDirectoryItCreatesOwnerOnly() throws Exception {
        Path backups = tempDir.resolve("backups/nightly");
        BackupAdmin admin = new BackupAdmin(Optional.of(backup), new BackupDirectory(backups), relay.clock);

        BackupAdmin.SavedBackup saved = admin.save("first.db");

        assertThat(saved.bytes()).isEqualTo(Files.size(saved.file())).isPositive();
        assertThat(FileModes.of(saved.file())).isEqualTo("rw-------");
        assertThat(FileModes.of(backups)).isEqualTo("rwx------");
        assertThat(FileModes.of(backups.getParent())).isEqualTo("rwx------");
    }

    @Test
    void aServerSideBackupThatFailsLeavesNoFileThatLooksLikeOne() throws Exception {
        Path backups = tempDir.resolve("backups");
        BackupAdmin admin = new BackupAdmin(Optional.of(backup), new BackupDirectory(backups), relay.clock);
        relay.database.close();

        assertThatThrownBy(() -> admin.save("nightly.db")).isInstanceOf(StoreException.class);

        try (Stream<Path> files = Files.list(backups)) {
            assertThat(files).isEmpty();
        }
    }

    private static List<Path> snapshotFiles(Path dataDir) throws IOException {
        try (Stream<Path> files = Files.list(dataDir)) {
            return files.filter(file -> file.getFileName().toString().startsWith(SqliteDatabaseBackup.SNAPSHOT_PREFIX)).toList();
        }
    }

    /** Files this process has open whose name was a snapshot's. */
    private static long openSnapshots() throws IOException {
        try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
            return descriptors.map(SqliteDatabaseBackupTest::linkTarget)
                    .filter(target -> target.contains(SqliteDatabaseBackup.SNAPSHOT_PREFIX)).count();
        }
    }

    private static String linkTarget(Path descriptor) {
        try {
            return Files.readSymbolicLink(descriptor).toString();
        } catch (IOException e) {
            return ""; // closed meanwhile, such as the descriptor of the listing itself
        }
    }
}
