package io.hookrelay.delivery.send;

import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.RelaySettings;
import io.hookrelay.delivery.WebhookSender;
import io.hookrelay.queue.AttemptContext;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentHandler;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.RetryPolicy;
import java.util.function.Function;

/** STUB: the handler of kind delivery. */
public final class DeliveryHandler implements IntentHandler {
    public DeliveryHandler(EventStore events, TargetDirectory targets, TargetHealth health, IntentQueue queue, WebhookSender sender,
                           RelaySettings settings, RelayMetrics metrics) {
        throw new UnsupportedOperationException("stub");
    }

    @Override
    public void handle(Intent intent, AttemptContext attempt) throws Exception {
        throw new UnsupportedOperationException("stub");
    }

    /** The retry policy of each delivery: its target's schedule. For WorkerPool.Builder.retryPolicyPerIntent. */
    public Function<Intent, RetryPolicy> retryPolicies() {
        throw new UnsupportedOperationException("stub");
    }
}
