package io.hookrelay.storage.sqlite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** A file's permission bits as {@code ls} shows them, such as {@code rw-------}. */
public final class FileModes {
    private FileModes() {
    }

    public static String of(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
    }

    public static void set(Path file, String mode) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    }
}
