package io.hookrelay.delivery.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.port.SettingsStore;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link SettingsStore} that every adapter keeps. */
public abstract class SettingsStoreContract {

    protected SettingsStore settings;

    /** The adapter's settings on a new, empty store. */
    protected abstract SettingsStore openSettings() throws Exception;

    /** Releases what {@link #openSettings} opened. */
    protected abstract void closeSettings();

    @BeforeEach
    final void openSettingsUnderTest() throws Exception {
        settings = openSettings();
    }

    @AfterEach
    final void closeSettingsUnderTest() {
        closeSettings();
    }

    @Test
    void aNewStoreHasNoSettings() {
        assertThat(settings.read()).isEqualTo(Settings.NONE);
    }

    @Test
    void whatIsWrittenIsRead() {
        settings.write(new Settings(Optional.of("ops")));

        assertThat(settings.read().operatorTarget()).contains("ops");
    }

    @Test
    void aWriteReplacesTheSettingsBefore() {
        settings.write(new Settings(Optional.of("ops")));
        settings.write(new Settings(Optional.of("pager")));

        assertThat(settings.read().operatorTarget()).contains("pager");
    }

    @Test
    void writingNoneClearsASetting() {
        settings.write(new Settings(Optional.of("ops")));
        settings.write(Settings.NONE);

        assertThat(settings.read()).isEqualTo(Settings.NONE);
    }
}
