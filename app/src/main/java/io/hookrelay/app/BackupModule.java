package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.ServeOptions;
import io.hookrelay.delivery.DatabaseBackup;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.BackupDirectory;
import java.time.Clock;

/** Online backups: the store's own copies, and the one directory the server writes them in. */
final class BackupModule extends AbstractModule {

    @Provides
    @Singleton
    BackupAdmin backupAdmin(DatabaseBackup backup, ServeOptions options, Clock clock) {
        return new BackupAdmin(backup, new BackupDirectory(options.backupDirectory()), clock);
    }
}
