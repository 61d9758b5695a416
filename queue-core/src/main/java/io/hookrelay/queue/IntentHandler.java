package io.hookrelay.queue;

/**
 * Runs one attempt of one kind of work.
 *
 * <p>Returning completes the intent; {@link StopException} fails it for good; {@link RetryLaterException}
 * retries it no sooner than asked; {@link SnoozeException} puts it back without counting an attempt;
 * anything else retries it per the kind's {@link RetryPolicy}.
 *
 * <p>The attempt may be called off while it runs: when the pool shuts down, or when the worker loses its
 * claim (an operator cancelled or retried the intent, or a renewal failed). The handler should watch
 * {@code attempt} and the thread's interrupt flag and return promptly; whatever it returns after that is
 * discarded. Because a crash between the handler's side effect and the store's write makes the attempt run
 * again, a handler's effects must tolerate repetition (a relay sends a stable {@code webhook-id} for this).
 */
@FunctionalInterface
public interface IntentHandler {
    void handle(Intent intent, AttemptContext attempt) throws Exception;
}
