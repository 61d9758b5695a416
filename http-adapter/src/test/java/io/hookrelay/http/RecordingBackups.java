package io.hookrelay.http;

import io.hookrelay.delivery.usecase.BackUpDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link BackUpDatabase} that saves nothing: it notes each path it is given and answers with a copy of 8 KiB under /var/backups. */
public final class RecordingBackups implements BackUpDatabase {
    public final List<String> saved = new CopyOnWriteArrayList<>();

    @Override
    public Download download() {
        throw new UnsupportedOperationException("no test with these backups downloads one");
    }

    @Override
    public SavedBackup save(String path) {
        saved.add(path);
        return new SavedBackup(Path.of("/var/backups").resolve(path), 8192);
    }
}
