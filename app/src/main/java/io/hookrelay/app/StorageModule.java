package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.ServeOptions;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;

/** The SQLite data directory and the stores built on it. */
final class StorageModule extends AbstractModule {

    /** Takes the data directory's lock: the one resource wiring acquires, and the first. */
    @Provides
    @Singleton
    SqliteDatabase database(ServeOptions options) {
        return SqliteDatabase.open(options.dataDir());
    }

    @Provides
    @Singleton
    IntentStore intentStore(SqliteDatabase database) {
        return new SqliteIntentStore(database);
    }
}
