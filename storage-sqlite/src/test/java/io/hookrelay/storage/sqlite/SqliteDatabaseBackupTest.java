package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.delivery.ConflictException;
import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryFilter;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteDatabaseBackupTest {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path tempDir;

    private RelayFixture relay;
    private SqliteDatabaseBackup backup;

    @BeforeEach
    void open() {
        relay = new RelayFixture(tempDir.resolve("data"));
        backup = new SqliteDatabaseBackup(relay.database);
        relay.configure(List.of("orders"), List.of("billing", "audit"));
        relay.routes.create(relay.route("orders", "billing"));
        relay.routes.create(relay.route("orders", "audit", "invoice.*"));
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void aBackupTakenWhileIngestsCommitOpensAsAConsistentCopy() throws Exception {
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
            size = backup.backupTo(copy);
        } finally {
            stop.set(true);
        }
        ingests.get();

        assertThat(size).isEqualTo(Files.size(copy)).isPositive();
        Path restoredDir = Files.createDirectory(tempDir.resolve("restored"));
        Files.copy(copy, restoredDir.resolve(SqliteDatabase.DATABASE_FILE));
        Files.copy(tempDir.resolve("data").resolve(SecretKeyFile.FILE_NAME), restoredDir.resolve(SecretKeyFile.FILE_NAME));
        try (RelayFixture restored = new RelayFixture(restoredDir)) {
            assertThat(restored.sources.list()).isEqualTo(relay.sources.list());
            assertThat(restored.targets.list()).isEqualTo(relay.targets.list());
            assertThat(restored.routes.list()).isEqualTo(relay.routes.list());
            List<EventSummary> events = restored.events.list(Optional.empty(), PageRequest.first(PageRequest.LARGEST_LIMIT))
                    .items();
            assertThat(events).hasSizeGreaterThanOrEqualTo(storedBeforeBackup);
            for (EventSummary event : events) {
                assertThat(restored.events.find(event.id())).isEqualTo(relay.events.find(event.id()));
                assertThat(restored.deliveries.forEvent(event.id())).as("an event and its deliveries, together")
                        .isEqualTo(relay.deliveries.forEvent(event.id())).hasSize(2);
            }
            assertThat(restored.rows("intents")).isEqualTo(2L * events.size());
        }
    }

    @Test
    void aBackupOfStoredRowsHasTheSameRows() throws Exception {
        var ingested = relay.ingest("orders", "billing");
        relay.intents.complete(relay.claimAll().get(ingested.deliveryTo("billing")), relay.clock.instant());
        Path copy = tempDir.resolve("backup.db");

        backup.backupTo(copy);

        Path restoredDir = Files.createDirectory(tempDir.resolve("restored"));
        Files.copy(copy, restoredDir.resolve(SqliteDatabase.DATABASE_FILE));
        Files.copy(tempDir.resolve("data").resolve(SecretKeyFile.FILE_NAME), restoredDir.resolve(SecretKeyFile.FILE_NAME));
        try (RelayFixture restored = new RelayFixture(restoredDir)) {
            assertThat(restored.events.find(ingested.event().id())).contains(ingested.event());
            assertThat(restored.deliveries.list(DeliveryFilter.all(), PageRequest.first(10)).items())
                    .extracting(Delivery::id, Delivery::state)
                    .containsExactly(tuple(ingested.deliveryTo("billing"),
                            IntentState.COMPLETED));
        }
    }

    @Test
    void aRelativePathIsRefused() {
        assertThatThrownBy(() -> backup.backupTo(Path.of("backup.db")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("absolute");
        assertThat(Path.of("backup.db")).doesNotExist();
    }

    @Test
    void aPathInAMissingDirectoryIsRefused() {
        Path missing = tempDir.resolve("nowhere").resolve("backup.db");

        assertThatThrownBy(() -> backup.backupTo(missing)).isInstanceOf(InvalidRequestException.class);

        assertThat(missing.getParent()).doesNotExist();
    }

    @Test
    void aPathWhoseDirectoryIsAFileIsRefused() throws Exception {
        Path file = Files.writeString(tempDir.resolve("plain-file"), "x");

        assertThatThrownBy(() -> backup.backupTo(file.resolve("backup.db"))).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void anExistingFileIsNeverOverwrittenEvenAnEmptyOne() throws Exception {
        Path full = Files.writeString(tempDir.resolve("full.db"), "keep me", StandardCharsets.UTF_8);
        Path empty = Files.createFile(tempDir.resolve("empty.db"));

        assertThatThrownBy(() -> backup.backupTo(full)).isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> backup.backupTo(empty)).isInstanceOf(ConflictException.class);

        assertThat(full).hasContent("keep me");
        assertThat(empty).isEmptyFile();
    }

    @Test
    void aDanglingLinkIsNotFollowed() throws Exception {
        Path target = tempDir.resolve("elsewhere.db");
        Path link = Files.createSymbolicLink(tempDir.resolve("link.db"), target);

        assertThatThrownBy(() -> backup.backupTo(link)).isInstanceOf(ConflictException.class);

        assertThat(target).doesNotExist();
    }
}
