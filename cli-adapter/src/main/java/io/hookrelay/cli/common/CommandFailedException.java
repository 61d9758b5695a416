package io.hookrelay.cli.common;

/**
 * A command failed in a way the user can act on: the process exits with {@code exitCode} after printing
 * the message as one line, without a stack trace.
 */
public class CommandFailedException extends RuntimeException {
    private final int exitCode;

    public CommandFailedException(int exitCode, String message) {
        this(exitCode, message, null);
    }

    public CommandFailedException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        if (exitCode < 1 || exitCode > 125) {
            throw new IllegalArgumentException("a failure exits with 1..125, not " + exitCode);
        }
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
