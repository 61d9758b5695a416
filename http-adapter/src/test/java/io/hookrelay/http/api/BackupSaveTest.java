package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.usecase.BackUpDatabase;
import io.hookrelay.http.ApiServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A backup the server keeps: the path goes to the use case as the client wrote it; the answer says where and how big. */
class BackupSaveTest {
    private final List<String> given = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(new BackUpDatabase() {
        @Override
        public Download download() {
            throw new UnsupportedOperationException("no test here downloads a backup");
        }

        @Override
        public SavedBackup save(String path) {
            given.add(path);
            return new SavedBackup(Path.of("/var/backups").resolve(path), 8192);
        }
    });

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void backupPassesThePathAsGivenAndAnswersWhereAndHowBig() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/admin/backup", "{\"path\":\"nightly/hookrelay.db\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"path\":\"/var/backups/nightly/hookrelay.db\",\"bytes\":8192}");
        assertThat(given).containsExactly("nightly/hookrelay.db");
    }
}
