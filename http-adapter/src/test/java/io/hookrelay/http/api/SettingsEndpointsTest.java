package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.usecase.ManageSettings;
import io.hookrelay.http.ApiServer;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The relay's settings are read and replaced whole. */
class SettingsEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Settings> given = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(new ManageSettings() {
        @Override
        public Settings get(TenantId tenant) {
            return new Settings(Optional.of("ops"));
        }

        @Override
        public Settings replace(TenantId tenant, Settings replacement) {
            given.add(replacement);
            return replacement;
        }
    });

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void settingsAreReadAndReplacedWhole() throws Exception {
        HttpResponse<String> read = server.send("GET", "/api/v1/settings", null);
        HttpResponse<String> set = server.send("PUT", "/api/v1/settings", "{\"operator_target\":\"pager\"}");
        HttpResponse<String> cleared = server.send("PUT", "/api/v1/settings", "{}");

        assertThat(JSON.readTree(read.body())).isEqualTo(JSON.readTree("{\"operator_target\":\"ops\"}"));
        assertThat(JSON.readTree(set.body())).isEqualTo(JSON.readTree("{\"operator_target\":\"pager\"}"));
        assertThat(JSON.readTree(cleared.body())).isEqualTo(JSON.readTree("{\"operator_target\":null}"));
        assertThat(given).containsExactly(new Settings(Optional.of("pager")), Settings.NONE);
    }

    @Test
    void settingsThatAreNotASettingsObjectAreRefusedBeforeAnyUseCase() throws Exception {
        for (String bad : List.of("{\"operator_target\":\"Pager!\"}", "{\"operator_target\":7}", "{\"pager\":true}", "[]", "")) {
            assertThat(server.send("PUT", "/api/v1/settings", bad).statusCode()).as(bad).isEqualTo(400);
        }
        assertThat(given).isEmpty();
    }
}
