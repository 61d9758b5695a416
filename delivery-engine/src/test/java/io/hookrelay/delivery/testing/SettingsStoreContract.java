package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
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
    void eachTenantHasSettingsOfItsOwn() {
        settings.write(TENANT, new Settings(Optional.of("ops")));
        settings.write(RelayStoreContract.ACME, new Settings(Optional.of("alerts")));
        settings.write(RelayStoreContract.ACME, Settings.NONE);

        assertThat(settings.read(TENANT)).isEqualTo(new Settings(Optional.of("ops")));
        assertThat(settings.read(RelayStoreContract.ACME)).isEqualTo(Settings.NONE);
    }

    @Test
    void aNewStoreHasNoSettings() {
        assertThat(settings.read(TENANT)).isEqualTo(Settings.NONE);
    }

    @Test
    void whatIsWrittenIsRead() {
        settings.write(TENANT, new Settings(Optional.of("ops")));

        assertThat(settings.read(TENANT).operatorTarget()).contains("ops");
    }

    @Test
    void aWriteReplacesTheSettingsBefore() {
        settings.write(TENANT, new Settings(Optional.of("ops")));
        settings.write(TENANT, new Settings(Optional.of("pager")));

        assertThat(settings.read(TENANT).operatorTarget()).contains("pager");
    }

    @Test
    void writingNoneClearsASetting() {
        settings.write(TENANT, new Settings(Optional.of("ops")));
        settings.write(TENANT, Settings.NONE);

        assertThat(settings.read(TENANT)).isEqualTo(Settings.NONE);
    }
}
