package io.hookrelay.http;

import io.hookrelay.delivery.model.Source;
import io.undertow.io.IoCallback;
import io.undertow.io.Sender;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpContinue;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads a request's body off its connection without holding a request thread, then runs the endpoint.
 * The endpoint's limit is known first, from its route and, for ingest, its source, so a body is never read
 * past it: a {@code Content-Length} over it is refused before a byte is read, a chunked body as soon as it
 * passes it, and a request the endpoint refuses by its head (an unknown source, a wrong token) has none of its
 * body held at all. A client that sends slowly, or stalls half-way, holds its connection until the read
 * deadline cuts it off, never a thread; what every unfinished body holds in memory together is bounded by
 * {@link BodyBudget}. A client that asked for {@code 100 Continue} is told to go on only once its body is
 * wanted.
 *
 * <p>What is left unread of a refused body Undertow discards when the exchange ends, on the I/O thread and
 * without keeping it, up to {@link #DISCARD_LIMIT}; past that the connection closes.
 */
public final class RequestBodies {
    /**
     * The most of a body left unread that is read and dropped, only to keep the connection's answer intact: most
     * clients send their whole body before they read any answer, and a server that closes with bytes still
     * unread makes the kernel reset the connection, which destroys the answer on its way.
     */
    static final long DISCARD_LIMIT = Source.LARGEST_MAX_BODY_BYTES + 1024L * 1024;

    private final BodyBudget budget;

    RequestBodies(BodyBudget budget) {
        this.budget = Objects.requireNonNull(budget, "budget");
    }

    /** {@code next}, run once at most {@code limit} bytes of the body were read ({@link #receive}). */
    public HttpHandler upTo(int limit, HttpHandler next) {
        return exchange -> receive(exchange, limit, next);
    }

    /**
     * Reads the body, as far as {@code limit}, into {@link ReceivedBody}, then runs {@code next}: on the calling
     * thread when the body was there to be read at once, else on a request thread. Called inside
     * {@link ErrorBoundary}, after {@link TransferCodingCheck}.
     */
    public void receive(HttpServerExchange exchange, int limit, HttpHandler next) throws Exception {
        if (ReceivedBody.of(exchange).isPresent()) {
            next.handleRequest(exchange);
            return;
        }
        if (exchange.isRequestComplete()) {
            exchange.putAttachment(ReceivedBody.KEY, new ReceivedBody.Whole(new byte[0]));
            next.handleRequest(exchange);
            return;
        }
        long declared = exchange.getRequestContentLength();
        if (declared > limit) {
            exchange.putAttachment(ReceivedBody.KEY, new ReceivedBody.OverLimit(limit));
            next.handleRequest(exchange);
            return;
        }
        Collector collector = new Collector(exchange, limit, next);
        if (declared >= 0 && !collector.take(declared)) {
            collector.refuseForNoRoom();
            next.handleRequest(exchange);
            return;
        }
        if (HttpContinue.requiresContinueResponse(exchange)) {
            HttpContinue.sendContinueResponse(exchange, collector);
        } else if (collector.readAtOnce()) {
            next.handleRequest(exchange);
        }
    }

    /**
     * One body's bytes as they arrive, on whichever thread reads them; then {@code next}, dispatched to a request
     * thread, unless the whole body was there to be read at once (most webhooks), when the thread that asked for
     * it goes on with {@code next} itself.
     */
    private final class Collector implements IoCallback {
        private final HttpServerExchange exchange;
        private final int limit;
        private final HttpHandler next;
        private final boolean chunked;
        private byte[] bytes;
        private int size;
        private volatile long taken;
        private Thread readingAtOnce;
        private boolean endedAtOnce;

        Collector(HttpServerExchange exchange, int limit, HttpHandler next) {
            this.exchange = exchange;
            this.limit = limit;
            this.next = next;
            long declared = exchange.getRequestContentLength();
            this.chunked = declared < 0;
            this.bytes = new byte[chunked ? Math.min(limit, 8 * 1024) : (int) declared];
            exchange.addExchangeCompleteListener((done, nextListener) -> {
                budget.give(taken);
                nextListener.proceed();
            });
        }

        boolean take(long more) {
            if (!budget.take(taken, more)) {
                return false;
            }
            taken += more;
            return true;
        }

        void refuseForNoRoom() {
            exchange.setPersistent(false);
            exchange.putAttachment(ReceivedBody.KEY, new ReceivedBody.NoRoom());
        }

        /** Starts reading; whether the body's reading ended before this returned, leaving {@code next} to the caller. */
        boolean readAtOnce() {
            readingAtOnce = Thread.currentThread();
            exchange.getRequestReceiver().receivePartialBytes(this::received, this::failed);
            readingAtOnce = null;
            return endedAtOnce;
        }

        @Override
        public void onComplete(HttpServerExchange continued, Sender unused) {
            if (readAtOnce()) {
                dispatch();
            }
        }

        @Override
        public void onException(HttpServerExchange continued, Sender unused, IOException brokenOff) {
            failed(continued, brokenOff);
        }

        private void received(HttpServerExchange unused, byte[] part, boolean last) {
            if (size + part.length > limit) {
                exchange.getRequestReceiver().pause();
                finish(new ReceivedBody.OverLimit(limit));
                return;
            }
            if (chunked && !take(part.length)) {
                exchange.getRequestReceiver().pause();
                refuseForNoRoom();
                settle();
                return;
            }
            if (size + part.length > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.min(limit, Math.max(size + part.length, 2 * bytes.length)));
            }
            System.arraycopy(part, 0, bytes, size, part.length);
            size += part.length;
            if (last) {
                finish(new ReceivedBody.Whole(size == bytes.length ? bytes : Arrays.copyOf(bytes, size)));
            }
        }

        private void failed(HttpServerExchange unused, IOException brokenOff) {
            exchange.setPersistent(false);
            finish(new ReceivedBody.BrokenOff());
        }

        private void finish(ReceivedBody body) {
            exchange.putAttachment(ReceivedBody.KEY, body);
            settle();
        }

        /** Once the body's ending is attached: {@code next} is the reading thread's if it read all at once, else dispatched. */
        private void settle() {
            if (Thread.currentThread() == readingAtOnce) {
                endedAtOnce = true;
            } else {
                dispatch();
            }
        }

        private void dispatch() {
            exchange.dispatch(new ErrorBoundary(next));
        }
    }
}
