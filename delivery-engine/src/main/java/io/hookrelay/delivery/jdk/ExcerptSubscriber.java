package io.hookrelay.delivery.jdk;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Keeps the first bytes of a response body as text for the attempt log, and stops reading there: a receiver
 * that answers with a huge error page costs neither memory nor the time to download it. Cancelling the body
 * closes the connection instead of returning it to the pool, which only happens for bodies that long.
 */
final class ExcerptSubscriber implements HttpResponse.BodySubscriber<String> {
    private final CompletableFuture<String> excerpt = new CompletableFuture<>();
    private final ByteBuffer prefix;
    private Flow.Subscription subscription;

    ExcerptSubscriber(int maxBytes) {
        this.prefix = ByteBuffer.allocate(maxBytes);
    }

    @Override
    public CompletionStage<String> getBody() {
        return excerpt;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
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
