package io.hookrelay.cli.client;

import java.net.ConnectException;
import java.nio.channels.UnresolvedAddressException;

/**
 * The words to show for why an I/O operation failed. The JDK's HTTP client wraps the exception that says
 * what happened in others without a message, and for a refused connection or an unknown host says nothing
 * at all, so the cause chain is searched and those two are named here.
 */
public final class Reasons {
    private Reasons() {
    }

    public static String of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnresolvedAddressException) {
                return "unknown host";
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (message != null && !message.isBlank()) {
                return message;
            }
        }
        return failure instanceof ConnectException ? "connection refused" : failure.getClass().getSimpleName();
    }
}
