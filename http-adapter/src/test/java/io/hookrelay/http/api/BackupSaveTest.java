package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingBackups;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A backup the server keeps: the path goes to the use case as the client wrote it; the answer says where and how big. */
class BackupSaveTest {
    private final RecordingBackups backups = new RecordingBackups();
    private final ApiServer server = new ApiServer(backups);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void backupPassesThePathAsGivenAndAnswersWhereAndHowBig() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/admin/backup", "{\"path\":\"nightly/hookrelay.db\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"path\":\"/var/backups/nightly/hookrelay.db\",\"bytes\":8192}");
        assertThat(backups.saved).containsExactly("nightly/hookrelay.db");
    }
}
