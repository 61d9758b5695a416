package io.hookrelay.delivery.jdk;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Why no answer came back from a receiver, in words an operator can act on. Messages name the receiver's
 * host and port, never its full URL, which may carry a credential in its path or query.
 */
final class SendFailures {
    private static final List<Class<? extends Throwable>> UNRESOLVED = List.of(UnresolvedAddressException.class, UnknownHostException.class);
    private static final List<Class<? extends Throwable>> CONNECT_FAILURES = List.of(ConnectException.class, NoRouteToHostException.class);

    private SendFailures() {
    }

    /**
     * The failure an exchange ended with, classified. Connect failures are looked for first, since the JDK's
     * connect timeout is also an {@link HttpTimeoutException}; anything that is neither a connect failure nor
     * a timeout (the JDK's for the headers, {@link ExcerptSubscriber}'s for the body) broke the exchange itself.
     *
     * <p>A failed TLS handshake (a certificate the relay does not trust, an expired one, no common protocol)
     * is a connect error too: the request was never sent, so the receiver cannot have acted on it, which is
     * what tells a connect error from an I/O error; and the fix is the same, on the receiver's endpoint.
     */
    static SendException of(WebhookRequest request, Throwable cause) {
        String receiver = request.url().getRawAuthority();
        if (causedBy(cause, List.of(HttpConnectTimeoutException.class))) {
            long waited = JdkWebhookSender.connectTimeoutOf(request.timeout()).toMillis();
            return new SendException(DeliveryAttemptOutcome.CONNECT_ERROR, "could not connect to " + receiver + " within " + waited + " ms", cause);
        }
        if (causedBy(cause, List.of(SSLHandshakeException.class))) {
            return new SendException(DeliveryAttemptOutcome.CONNECT_ERROR, "could not connect to " + receiver + ": TLS handshake failed" + quotedWhy(cause), cause);
        }
        if (causedBy(cause, UNRESOLVED)) {
            return new SendException(DeliveryAttemptOutcome.CONNECT_ERROR, "could not connect to " + receiver + ": unknown host", cause);
        }
        if (causedBy(cause, CONNECT_FAILURES)) {
            return new SendException(DeliveryAttemptOutcome.CONNECT_ERROR, "could not connect to " + receiver + quotedWhy(cause), cause);
        }
        if (causedBy(cause, List.of(HttpTimeoutException.class, TimeoutException.class))) {
            return noResponse(request, cause);
        }
        String detail = innermostMessage(cause).orElseGet(() -> innermost(cause).getClass().getSimpleName());
        return new SendException(DeliveryAttemptOutcome.IO_ERROR, "exchange with " + receiver + " failed (" + detail + ")", cause);
    }

    /** The exchange took longer than the request's timeout. */
    private static SendException noResponse(WebhookRequest request, Throwable cause) {
        return new SendException(DeliveryAttemptOutcome.TIMEOUT, "no response within " + request.timeout().toMillis() + " ms", cause);
    }

    private static boolean causedBy(Throwable thrown, List<Class<? extends Throwable>> kinds) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            Throwable current = t;
            if (kinds.stream().anyMatch(kind -> kind.isInstance(current))) {
                return true;
            }
        }
        return false;
    }

    /** {@link #innermostMessage} in parentheses after a space, or nothing when no cause says anything. */
    private static String quotedWhy(Throwable thrown) {
        return innermostMessage(thrown).map(message -> " (" + message + ")").orElse("");
    }

    /** What the deepest cause that says anything says; the JDK often wraps a telling cause in a silent one. */
    private static Optional<String> innermostMessage(Throwable thrown) {
        String found = null;
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                found = t.getMessage();
            }
        }
        return Optional.ofNullable(found);
    }

    private static Throwable innermost(Throwable thrown) {
        Throwable deepest = thrown;
        while (deepest.getCause() != null) {
            deepest = deepest.getCause();
        }
        return deepest;
    }
}
