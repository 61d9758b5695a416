package io.hookrelay.queue;

/**
 * Runs one attempt of one kind of work and says how it ended: {@link Verdict#completed()} when the work is done,
 * {@link Verdict#retry} when a later attempt may succeed, {@link Verdict#failed} when none can,
 * {@link Verdict#snoozeUntil} when it was not attempted for want of room. Anything thrown is a failure the handler
 * did not foresee: the intent is retried per the kind's {@link RetryPolicy}.
 *
 * <p>The attempt may be called off while it runs: when the pool shuts down, or when the worker loses its
 * claim (an operator cancelled or retried the intent, or a renewal failed). The handler should watch
 * {@code attempt} and the thread's interrupt flag and return promptly; whatever it returns after that is
 * discarded. Because a crash between the handler's side effect and the store's write makes the attempt run
 * again, a handler's effects must tolerate repetition (a relay sends a stable {@code webhook-id} for this).
 */
@FunctionalInterface
public interface IntentHandler {
    Verdict handle(Intent intent, AttemptContext attempt) throws Exception;
}
