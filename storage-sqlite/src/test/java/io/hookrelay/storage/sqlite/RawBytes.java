package io.hookrelay.storage.sqlite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * What someone holding a copy of the data directory's files could read in them without hookrelay: the
 * raw bytes, searched for a secret in every form it might be stored in.
 */
public final class RawBytes {
    private RawBytes() {
    }

    /**
     * The forms a secret could be found in: its text, the key bytes a {@code whsec_} secret stands for,
     * their base64 (what follows {@code whsec_}), and the text's and bytes' hex and base64.
     */
    static List<byte[]> formsOf(String secret) {
        List<byte[]> forms = new ArrayList<>();
        byte[] text = secret.getBytes(StandardCharsets.UTF_8);
        forms.add(text);
        forms.add(hex(text));
        forms.add(Base64.getEncoder().encode(text));
        if (secret.startsWith("whsec_")) {
            String base64 = secret.substring("whsec_".length());
            byte[] key = Base64.getDecoder().decode(base64);
            forms.add(base64.getBytes(StandardCharsets.US_ASCII));
            forms.add(key);
            forms.add(hex(key));
        }
        return forms;
    }

    /** Which of the files (those that exist) hold any form of any of the secrets, as {@code file: secret}. */
    public static List<String> secretsFoundIn(List<Path> files, String... secrets) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : files) {
            if (!Files.exists(file)) {
                continue;
            }
            byte[] bytes = Files.readAllBytes(file);
            for (String secret : secrets) {
                for (byte[] form : formsOf(secret)) {
                    if (indexOf(bytes, form) >= 0) {
                        found.add(file.getFileName() + ": a form of " + secret);
                    }
                }
            }
        }
        return found;
    }

    public static List<Path> databaseAndWal(Path dataDir) {
        Path database = dataDir.resolve(SqliteDatabase.DATABASE_FILE);
        return List.of(database, database.resolveSibling(SqliteDatabase.DATABASE_FILE + "-wal"));
    }

    private static byte[] hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes).getBytes(StandardCharsets.US_ASCII);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
