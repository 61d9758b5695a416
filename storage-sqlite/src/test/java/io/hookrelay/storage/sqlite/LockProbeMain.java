package io.hookrelay.storage.sqlite;

import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import java.nio.file.Path;

/**
 * Run in a child JVM: tries to open the data directory given as the only argument, and says how that went
 * on one line and in its exit code (0 opened, 3 locked, as the server's contract has it).
 */
public final class LockProbeMain {
    public static final int OPENED = 0;
    public static final int LOCKED = 3;

    private LockProbeMain() {
    }

    /** The one line a probe prints about the outcome, among whatever else (logging) it prints. */
    public static boolean isVerdict(String line) {
        return line.startsWith("opened ") || line.startsWith("locked: ");
    }

    public static void main(String[] args) {
        try (SqliteDatabase database = SqliteDatabase.open(Path.of(args[0]))) {
            System.out.println("opened " + database.dataDir());
            System.out.flush();
        } catch (DataDirectoryLockedException e) {
            System.out.println("locked: " + e.getMessage());
            System.out.flush();
            System.exit(LOCKED);
        }
        System.exit(OPENED);
    }
}
