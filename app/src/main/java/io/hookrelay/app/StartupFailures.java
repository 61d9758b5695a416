package io.hookrelay.app;

import com.google.inject.ConfigurationException;
import com.google.inject.CreationException;
import com.google.inject.ProvisionException;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.storage.postgres.schema.IncompatibleSchemaException;
import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import io.hookrelay.storage.sqlite.files.SecretKeyMismatchException;
import io.hookrelay.storage.sqlite.schema.ForeignDatabaseException;
import io.hookrelay.storage.sqlite.schema.IncompatibleDatabaseException;
import java.net.BindException;
import java.net.UnknownHostException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns why the server could not start into what the operator is told: one line and an exit code a
 * script can branch on. Guice wraps whatever a provider threw, so the cause chain is searched.
 */
final class StartupFailures {
    /** The data directory belongs to another running hookrelay (DESIGN §3). */
    static final int DATA_DIR_LOCKED = 3;
    /** The database was written by a newer hookrelay, or by another program altogether. */
    static final int INCOMPATIBLE_DATABASE = 4;
    static final int BAD_SETTINGS = 2;
    static final int OTHER = 1;

    private static final Logger log = LoggerFactory.getLogger(StartupFailures.class);

    private StartupFailures() {
    }

    static <T> T translate(ServeOptions options, Supplier<T> start) {
        try {
            return start.get();
        } catch (RuntimeException e) {
            log.debug("hookrelay could not start", e);
            throw asCommandFailure(options, e);
        }
    }

    private static CommandFailedException asCommandFailure(ServeOptions options, RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataDirectoryLockedException) {
                return new CommandFailedException(DATA_DIR_LOCKED, cause.getMessage(), failure);
            }
            if (cause instanceof IncompatibleDatabaseException || cause instanceof ForeignDatabaseException
                    || cause instanceof IncompatibleSchemaException) {
                return new CommandFailedException(INCOMPATIBLE_DATABASE, cause.getMessage(), failure);
            }
            if (cause instanceof SecretKeyMismatchException) {
                return new CommandFailedException(BAD_SETTINGS, cause.getMessage() + " (" + StartupSettings.SECRET_KEY_FROM_ENVIRONMENT
                        + ", else <data-dir>/secret.key)", failure);
            }
            if (cause instanceof io.hookrelay.storage.postgres.relay.SecretKeyMismatchException) {
                return new CommandFailedException(BAD_SETTINGS, cause.getMessage() + " (every node needs the same "
                        + StartupSettings.SECRET_KEY_FROM_ENVIRONMENT + ")", failure);
            }
            if (cause instanceof BindException) {
                return new CommandFailedException(OTHER, "cannot listen on " + options.host() + ":" + options.port()
                        + ": " + cause.getMessage(), failure);
            }
            if (cause instanceof UnknownHostException) {
                return new CommandFailedException(BAD_SETTINGS, unknownHost(options), failure);
            }
            if (cause instanceof IllegalArgumentException) {
                return new CommandFailedException(BAD_SETTINGS, cause.getMessage(), failure);
            }
        }
        return new CommandFailedException(OTHER, "cannot start: " + describe(unwrapGuice(failure)), failure);
    }

    static String unknownHost(ServeOptions options) {
        return "--host " + options.host() + " is not a known address";
    }

    /** Guice's own messages list its wiring; the exception inside says what actually went wrong. */
    private static Throwable unwrapGuice(Throwable failure) {
        Throwable inner = failure;
        while ((inner instanceof ProvisionException || inner instanceof CreationException
                || inner instanceof ConfigurationException) && inner.getCause() != null) {
            inner = inner.getCause();
        }
        return inner;
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getName() : message;
    }
}
