package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §1: an application that embeds only the queue (queue-core and this adapter) gets no relay tables,
 * and needs nothing of the relay to run. Proved in a JVM whose class path holds just what such an
 * application has: a class of this adapter that named a relay type on the queue's way would fail to load.
 */
class QueueWithoutTheRelayTest {
    /**
     * queue-core (not its test-jar), storage-jdbi, this module's classes and test classes (for {@link QueueAloneMain}),
     * JDBI and what it needs, the SQLite driver and the logging API.
     */
    private static final Pattern EMBEDDER_HAS = Pattern.compile(
            ".*(queue-core[^/]*/target/classes|queue-core-[0-9][^/]*(?<!-tests)\\.jar|storage-sqlite/target/(test-)?classes"
                    + "|storage-jdbi[^/]*/target/classes|storage-jdbi-[0-9][^/]*(?<!-tests)\\.jar"
                    + "|/jdbi3-core-[^/]*|/jdbi3-sqlobject-[^/]*|/geantyref-[^/]*|/sqlite-jdbc-[^/]*|/slf4j-api-[^/]*)$");

    @TempDir
    Path dataDir;

    @Test
    void anApplicationEmbeddingTheQueueRunsWithoutDeliveryEngineAndGetsNoRelayTable() throws Exception {
        List<Path> classPath = Arrays.stream(System.getProperty("java.class.path").split(Pattern.quote(File.pathSeparator)))
                .filter(entry -> EMBEDDER_HAS.matcher(entry.replace(File.separatorChar, '/')).matches())
                .map(Path::of)
                .toList();
        assertThat(classPath).as("the embedder's class path").hasSize(9).noneMatch(entry -> entry.toString().contains("delivery"));

        try (ChildJvm child = ChildJvm.startOn(classPath, QueueAloneMain.class, dataDir.toString())) {
            assertThat(child.awaitExit(Duration.ofSeconds(60))).as("exit code; output: %s", child.output()).isZero();
            assertThat(child.output()).contains("delivery-engine is not on the class path")
                    .anyMatch(line -> line.startsWith("completed "))
                    .contains("tables: intent_attempts,intents,paused_work,schema_migrations,schema_track_migrations");
        }
    }
}
