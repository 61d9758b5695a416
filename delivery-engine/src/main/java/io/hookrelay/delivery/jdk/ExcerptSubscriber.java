package io.hookrelay.delivery.jdk;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Keeps the first bytes of a response body as text for the attempt log, and stops reading there: a receiver
 * that answers with a huge error page costs neither memory nor the time to download it. Cancelling the body
 * closes the connection instead of returning it to the pool, which only happens for bodies that long.
 *
 * <p>The body must arrive {@code within} a time, or the excerpt fails with a {@link TimeoutException} and the
 * body is cancelled: the client's own request timeout ends once the headers are in. The timer is
 * {@code CompletableFuture.orTimeout}'s, one shared thread that drops it as soon as the body is complete. The
 * subscription is asked for more and cancelled under this object's lock, because the timer cancels from its
 * own thread and a subscription's methods must be called one at a time.
 */
final class ExcerptSubscriber implements HttpResponse.BodySubscriber<String> {
    private final CompletableFuture<String> excerpt = new CompletableFuture<>();
    private final ByteBuffer prefix;
    private final Duration within;
    private Flow.Subscription subscription;

    ExcerptSubscriber(int maxBytes, Duration within) {
        this.prefix = ByteBuffer.allocate(maxBytes);
        this.within = within;
    }

    @Override
    public CompletionStage<String> getBody() {
        return excerpt;
    }

    @Override
    public synchronized void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(1);
        excerpt.orTimeout(within.toNanos(), TimeUnit.NANOSECONDS).whenComplete((body, failure) -> {
            if (failure instanceof TimeoutException) {
                cancel();
            }
        });
    }

    private synchronized void cancel() {
        subscription.cancel();
    }

    @Override
    public synchronized void onNext(List<ByteBuffer> buffers) {
        if (excerpt.isDone()) {
            return;
        }
        for (ByteBuffer buffer : buffers) {
            ByteBuffer taken = buffer.slice();
            taken.limit(Math.min(taken.remaining(), prefix.remaining()));
            prefix.put(taken);
        }
        if (prefix.hasRemaining()) {
            subscription.request(1);
        } else {
            subscription.cancel();
            excerpt.complete(decode(true));
        }
    }

    @Override
    public void onError(Throwable failure) {
        excerpt.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        excerpt.complete(decode(false));
    }

    /**
     * UTF-8 with replacement characters for what is not; a character that the cut split in two is dropped
     * rather than shown as garbage.
     */
    private String decode(boolean cut) {
        ByteBuffer bytes = prefix.flip();
        CharBuffer chars = CharBuffer.allocate(bytes.remaining());
        StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .decode(bytes, chars, !cut);
        return chars.flip().toString();
    }
}
