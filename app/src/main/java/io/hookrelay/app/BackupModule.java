package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.BackupDirectory;
import io.hookrelay.delivery.port.OpenDatabase;
import java.time.Clock;

/** Online backups: the database's own copies, if it makes any, and the one directory the server writes them in. */
final class BackupModule extends AbstractModule {

    @Provides
    @Singleton
    BackupAdmin backupAdmin(OpenDatabase database, ServeOptions options, Clock clock) {
        return new BackupAdmin(database.backup(), new BackupDirectory(options.backupDirectory()), clock);
    }
}
