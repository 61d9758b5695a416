package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PostgresSettingsTest {

    @Test
    void neitherThePasswordNorTheUrlsParametersAreShown() {
        PostgresSettings settings = new PostgresSettings("jdbc:postgresql://db:5432/hookrelay?sslpassword=keypass&sslmode=verify-full",
                "relay", Optional.of("hunter2hunter2"));

        assertThat(settings.toString()).contains("jdbc:postgresql://db:5432/hookrelay", "relay")
                .doesNotContain("keypass", "hunter2", "sslmode");
    }
}
