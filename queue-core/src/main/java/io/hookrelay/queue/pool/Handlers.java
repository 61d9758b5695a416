package io.hookrelay.queue.pool;

import io.hookrelay.queue.AsyncIntentHandler;
import io.hookrelay.queue.Completions;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentHandler;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.Verdict;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** A pool's handlers and retry policies by kind: runs an attempt's handler and reads how it ended. */
final class Handlers {
    private final Map<String, IntentHandler> handlers;
    private final Map<String, AsyncIntentHandler> asyncHandlers;
    private final Map<String, RetryPolicy> retryPolicies;
    private final RetryPolicy defaultRetryPolicy;

    Handlers(Map<String, IntentHandler> handlers, Map<String, AsyncIntentHandler> asyncHandlers,
             Map<String, RetryPolicy> retryPolicies, RetryPolicy defaultRetryPolicy) {
        this.handlers = Map.copyOf(handlers);
        this.asyncHandlers = Map.copyOf(asyncHandlers);
        this.retryPolicies = Map.copyOf(retryPolicies);
        this.defaultRetryPolicy = Objects.requireNonNull(defaultRetryPolicy, "defaultRetryPolicy");
    }

    /** Whether the kind's attempts wait without a thread, through {@link #start}, rather than run through {@link #run}. */
    boolean waitWithoutThread(String kind) {
        return asyncHandlers.containsKey(kind);
    }

    /**
     * Runs the attempt on this thread. While the handler runs, calling the attempt off interrupts this thread;
     * an interrupt left over is cleared on the way out, so it cannot hit the outcome's write.
     */
    Ending run(RunningAttempt attempt) {
        String kind = attempt.intent.kind();
        IntentHandler handler = handlers.get(kind);
        if (handler == null) {
            return Ending.noHandler(kind, retryPolicyOf(kind));
        }
        attempt.enterHandler(Thread.currentThread());
        try {
            return Ending.of(handler.handle(attempt.intent, attempt.context), retryPolicyOf(kind));
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return Ending.thrown(e, retryPolicyOf(kind));
        } finally {
            attempt.leaveHandler();
        }
    }

    /** Starts the attempt of a kind that {@link #waitWithoutThread}; one that could not even start is a stage failed with why. */
    CompletionStage<Verdict> start(RunningAttempt attempt) {
        try {
            return Objects.requireNonNull(asyncHandlers.get(attempt.intent.kind()).start(attempt.intent, attempt.context),
                    "the stage start returned");
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** How a started attempt ended: with its stage's verdict, or with what the stage failed with. */
    Ending ending(Intent intent, Verdict verdict, Throwable failure) {
        RetryPolicy kindPolicy = retryPolicyOf(intent.kind());
        return failure == null ? Ending.of(verdict, kindPolicy) : Ending.thrown(Completions.causeOf(failure), kindPolicy);
    }

    private RetryPolicy retryPolicyOf(String kind) {
        return retryPolicies.getOrDefault(kind, defaultRetryPolicy);
    }
}
