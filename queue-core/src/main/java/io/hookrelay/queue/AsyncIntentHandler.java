package io.hookrelay.queue;

import java.util.concurrent.CompletionStage;

/**
 * Runs one attempt of one kind of work without holding a thread while it waits: for work that is mostly
 * waiting on another party, such as an HTTP exchange, so that many attempts can be under way on a few threads.
 *
 * <p>{@code start} runs on a worker thread and should only begin the work; the stage it returns completes with
 * the attempt's {@link Verdict}, as {@link IntentHandler} returns it. A stage that fails, or a {@code start} that
 * throws, is a failure the handler did not foresee: the intent is retried per the kind's {@link RetryPolicy}. The
 * outcome is decided and written on a worker thread whichever thread completes the stage.
 *
 * <p>The attempt may be called off while it is under way (shutdown, a lost claim); the handler hears of it
 * through {@link AttemptContext#whenCancelled} and should end the stage promptly. The pool owns the attempt,
 * and keeps renewing its lease, until the stage completes.
 */
@FunctionalInterface
public interface AsyncIntentHandler {
    CompletionStage<Verdict> start(Intent intent, AttemptContext attempt);
}
