package io.hookrelay.storage.sqlite.schema;

import io.hookrelay.queue.StoreException;
import java.nio.file.Path;

/**
 * The data directory's database file is some other program's: it has tables but no record of hookrelay's
 * migrations (or it is not SQLite at all). Migrating it would change a file hookrelay never made, so it is
 * refused as it is, untouched.
 */
public class ForeignDatabaseException extends StoreException {
    public ForeignDatabaseException(Path databaseFile, String why) {
        super(databaseFile + " is not a hookrelay database (" + why + "); move it away or choose another data directory", null);
    }
}
