package io.hookrelay.http;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.error.LoopDetectedException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.error.PayloadTooLargeException;
import io.hookrelay.delivery.error.RateLimitedException;
import io.hookrelay.delivery.error.RelayException;
import io.hookrelay.delivery.error.TenantSuspendedException;
import io.hookrelay.queue.StoreException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpContinue;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.StatusCodes;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;

/**
 * The one place a failure becomes an answer in the API's error shape. A {@link RelayException} is a refusal
 * the client can act on, so its code and message go out with a fitting 4xx; a store that cannot work now is
 * a {@code 503} the client may retry; anything else is a bug, answered {@code 500} with a fixed message,
 * because exception text can carry paths, SQL or secrets that a client must never see. The operator gets
 * the full failure in the log instead.
 */
public final class ErrorBoundary implements HttpHandler {
    private static final Logger log = LoggerFactory.getLogger(ErrorBoundary.class);
    /** RFC 5842 §7.2; Undertow's {@link StatusCodes} has no name for it. */
    static final int LOOP_DETECTED = 508;

    private final HttpHandler next;

    ErrorBoundary(HttpHandler next) {
        this.next = Objects.requireNonNull(next, "next");
    }

    /** What a failure is answered with. */
    record ErrorAnswer(int status, String code, String message, Map<HttpString, String> headers) {
        ErrorAnswer {
            headers = Map.copyOf(headers);
        }

        private ErrorAnswer(int status, RelayException refusal) {
            this(status, refusal.code(), refusal.getMessage(), Map.of());
        }
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        try {
            next.handleRequest(exchange);
        } catch (Exception e) {
            answer(exchange, e);
        }
    }

    /** Answers {@code failure}, which ended the handling of {@code exchange}, in the API's error shape. */
    public static void answer(HttpServerExchange exchange, Throwable failure) {
        if (exchange.isResponseComplete()) {
            // The answer went out whole; what failed is Undertow's work after it, as when the server stops while
            // an exchange completes. The request did not fail, and nothing is left to tell the client.
            log.warn("{} {} was answered, then failed: {}", exchange.getRequestMethod(), exchange.getRequestPath(), failure.toString());
            return;
        }
        ErrorAnswer answer = answerFor(failure);
        logFailure(exchange, answer, failure);
        if (exchange.isResponseStarted()) {
            // Half an answer is already out; closing is the only way to tell the client it is incomplete.
            IoUtils.safeClose(exchange.getConnection());
            return;
        }
        exchange.getResponseHeaders().clear();
        if (!exchange.isRequestComplete()) {
            closeUnlessDrainable(exchange);
        }
        answer.headers().forEach((name, value) -> exchange.getResponseHeaders().put(name, value));
        JsonResponses.error(exchange, answer.status(), answer.code(), answer.message());
    }

    /**
     * Keeps the connection for the client's next request only when what is left of the refused body can be read
     * and dropped when the exchange ends (Undertow does, without a thread, up to {@link RequestBodies#DISCARD_LIMIT}):
     * not a body without a knowable end ({@link TransferCodingCheck}), one longer than that, or one a client holds
     * back until it is told {@code 100 Continue}, which it never will be.
     */
    private static void closeUnlessDrainable(HttpServerExchange exchange) {
        if (TransferCodingCheck.hasUnknownLength(exchange) || exchange.getRequestContentLength() > RequestBodies.DISCARD_LIMIT
                || HttpContinue.requiresContinueResponse(exchange)) {
            exchange.setPersistent(false);
        }
    }

    static ErrorAnswer answerFor(Throwable e) {
        if (e instanceof RelayException refusal) {
            return answerFor(refusal);
        }
        if (e instanceof StoreException) {
            return new ErrorAnswer(StatusCodes.SERVICE_UNAVAILABLE, "unavailable", "storage is unavailable; try again shortly",
                    Map.of(Headers.RETRY_AFTER, "1"));
        }
        return new ErrorAnswer(StatusCodes.INTERNAL_SERVER_ERROR, "internal", "internal error", Map.of());
    }

    private static ErrorAnswer answerFor(RelayException refusal) {
        if (refusal instanceof NotFoundException) {
            return new ErrorAnswer(StatusCodes.NOT_FOUND, refusal);
        }
        if (refusal instanceof ConflictException) {
            return new ErrorAnswer(StatusCodes.CONFLICT, refusal);
        }
        if (refusal instanceof InvalidSignatureException) {
            return new ErrorAnswer(StatusCodes.UNAUTHORIZED, refusal);
        }
        if (refusal instanceof PayloadTooLargeException) {
            return new ErrorAnswer(StatusCodes.REQUEST_ENTITY_TOO_LARGE, refusal);
        }
        if (refusal instanceof LoopDetectedException) {
            return new ErrorAnswer(LOOP_DETECTED, refusal);
        }
        if (refusal instanceof UnauthorizedException) {
            return new ErrorAnswer(StatusCodes.UNAUTHORIZED, refusal.code(), refusal.getMessage(),
                    Map.of(Headers.WWW_AUTHENTICATE, "Bearer"));
        }
        if (refusal instanceof RateLimitedException limited) {
            long seconds = Math.max(1, (limited.retryAfter().toMillis() + 999) / 1000);
            return new ErrorAnswer(StatusCodes.TOO_MANY_REQUESTS, refusal.code(), refusal.getMessage(),
                    Map.of(Headers.RETRY_AFTER, Long.toString(seconds)));
        }
        if (refusal instanceof TooBusyException) {
            return new ErrorAnswer(StatusCodes.SERVICE_UNAVAILABLE, refusal.code(), refusal.getMessage(), Map.of(Headers.RETRY_AFTER, "1"));
        }
        if (refusal instanceof ForbiddenException || refusal instanceof TenantSuspendedException) {
            return new ErrorAnswer(StatusCodes.FORBIDDEN, refusal);
        }
        if (refusal instanceof UnsupportedMediaTypeException) {
            // RFC 9110 §15.5.16: Accept in the answer says which media type would have been taken.
            return new ErrorAnswer(StatusCodes.UNSUPPORTED_MEDIA_TYPE, refusal.code(), refusal.getMessage(),
                    Map.of(Headers.ACCEPT, JsonContentType.JSON));
        }
        if (refusal instanceof MethodNotAllowedException wrongMethod) {
            return new ErrorAnswer(StatusCodes.METHOD_NOT_ALLOWED, refusal.code(), refusal.getMessage(),
                    Map.of(Headers.ALLOW, wrongMethod.allowed()));
        }
        // InvalidRequestException, and any refusal added later: the request was wrong, nothing was changed.
        return new ErrorAnswer(StatusCodes.BAD_REQUEST, refusal);
    }

    private static void logFailure(HttpServerExchange exchange, ErrorAnswer answer, Throwable e) {
        // The path, not the URL: a query string may carry something secret.
        if (answer.status() == StatusCodes.INTERNAL_SERVER_ERROR) {
            log.error("{} {} failed", exchange.getRequestMethod(), exchange.getRequestPath(), e);
        } else if (e instanceof StoreException) {
            log.warn("{} {} answered 503: storage is unavailable", exchange.getRequestMethod(), exchange.getRequestPath(), e);
        } else if (e instanceof TooBusyException) {
            log.warn("{} {} answered 503: {}", exchange.getRequestMethod(), exchange.getRequestPath(), e.getMessage());
        }
    }
}
