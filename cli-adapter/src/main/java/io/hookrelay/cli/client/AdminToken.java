package io.hookrelay.cli.client;

import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.common.Defaults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Finds the admin token: {@code --token}, else {@code HOOKRELAY_ADMIN_TOKEN} (both arrive as the option's
 * value), else the file the server writes into its data directory on first start. No message here ever
 * contains the token itself.
 */
final class AdminToken {
    /** Not enough to be a problem, and bigger than any token worth pasting by hand. */
    private static final int LONGEST = 4096;

    private AdminToken() {
    }

    /**
     * @param given   the {@code --token} flag or variable, {@code null} when neither is set
     * @param dataDir where the server keeps {@value Defaults#ADMIN_TOKEN_FILE}
     * @throws CommandFailedException exit code 2 when no usable token is found anywhere
     */
    static String resolve(String given, Path dataDir) {
        if (given != null) {
            return usable(given, "the token from --token or HOOKRELAY_ADMIN_TOKEN");
        }
        Path file = dataDir.resolve(Defaults.ADMIN_TOKEN_FILE);
        String content;
        try {
            content = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CommandFailedException(2, "no admin token: pass --token, set HOOKRELAY_ADMIN_TOKEN, or point --data-dir at "
                    + "the server's data directory (" + file + " does not exist)", e);
        } catch (AccessDeniedException e) {
            throw new CommandFailedException(2, "cannot read the admin token from " + file + ": permission denied", e);
        } catch (IOException e) {
            throw new CommandFailedException(2, "cannot read the admin token from " + file + ": " + Reasons.of(e), e);
        }
        return usable(content.strip(), "the token in " + file);
    }

    /** A token must fit in an {@code Authorization} header; the JDK would otherwise refuse it with less clarity. */
    private static String usable(String token, String what) {
        if (token.isEmpty()) {
            throw new CommandFailedException(2, what + " is empty");
        }
        if (token.length() > LONGEST || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new CommandFailedException(2, what + " must be at most " + LONGEST
                    + " printable ASCII characters without spaces");
        }
        return token;
    }
}
