package io.hookrelay.bench;

import io.hookrelay.delivery.jdk.JdkWebhookSender;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.StandardWebhooks;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The part of a delivery no store is in: each body handed to it is signed as the relay signs a delivery (Standard
 * Webhooks, a {@code whsec_} secret) and sent to one receiver by the relay's own {@link JdkWebhookSender}, at most
 * {@code maxInFlight} at once as a target's {@code max_in_flight} allows, the rest waiting in memory in arrival order;
 * one that is not answered {@code 2xx} waits its turn again. Nothing is stored, claimed or logged.
 */
final class Forwarder {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final JdkWebhookSender sender = new JdkWebhookSender();
    private final String secret = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
    private final Queue<byte[]> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong messages = new AtomicLong();
    private final URI receiver;
    private final int maxInFlight;

    Forwarder(URI receiver, int maxInFlight) {
        this.receiver = receiver;
        this.maxInFlight = maxInFlight;
    }

    void forward(byte[] body) {
        waiting.add(body);
        sendWhatFits();
    }

    private void sendWhatFits() {
        while (!waiting.isEmpty()) {
            int sending = inFlight.get();
            if (sending >= maxInFlight) {
                return;
            }
            if (!inFlight.compareAndSet(sending, sending + 1)) {
                continue;
            }
            byte[] body = waiting.poll();
            if (body == null) {
                inFlight.decrementAndGet();
            } else {
                send(body);
            }
        }
    }

    private void send(byte[] body) {
        String id = "msg_" + messages.incrementAndGet();
        long timestamp = System.currentTimeMillis() / 1000;
        Map<String, String> headers = Map.of("content-type", "application/json",
                StandardWebhooks.ID_HEADER, id,
                StandardWebhooks.TIMESTAMP_HEADER, Long.toString(timestamp),
                StandardWebhooks.SIGNATURE_HEADER, StandardWebhooks.sign(secret, id, timestamp, body));
        sender.send(new WebhookRequest(receiver, headers, body, TIMEOUT)).whenComplete((response, failure) -> {
            if (failure != null || response.statusCode() / 100 != 2) {
                waiting.add(body);
            }
            inFlight.decrementAndGet();
            sendWhatFits();
        });
    }
}
