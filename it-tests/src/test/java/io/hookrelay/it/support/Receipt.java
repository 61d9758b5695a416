package io.hookrelay.it.support;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;

/**
 * One delivery attempt as a target's receiver saw it: which delivery and event, the attempt number the relay
 * sent, what the receiver answered, the body, when it arrived (by the test JVM's monotonic clock) and from which
 * address.
 */
public record Receipt(String target, String deliveryId, String eventId, int attempt, int answeredStatus, byte[] body,
                      long arrivedAtNanos, String from) {
    public Receipt {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(deliveryId, "deliveryId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(body, "body");
    }

    /** A request the relay sent to {@code target}'s receiver, which answered {@code answeredStatus}. */
    public static Receipt of(String target, Receiver.Request request, int answeredStatus) {
        return new Receipt(target, header(request, "x-hookrelay-delivery-id"), header(request, "webhook-id"),
                attemptOf(request), answeredStatus, request.body(), request.arrivedAtNanos(), request.from());
    }

    /**
     * Every request the receivers got, by target, oldest first, each with what {@code answered} says its receiver
     * answered it.
     */
    public static List<Receipt> allOf(Map<String, Receiver> receiversByTarget, ToIntFunction<Receiver.Request> answered) {
        return receiversByTarget.entrySet().stream()
                .flatMap(target -> target.getValue().requests().stream()
                        .map(request -> of(target.getKey(), request, answered.applyAsInt(request))))
                .sorted(Comparator.comparingLong(Receipt::arrivedAtNanos))
                .toList();
    }

    /** The relay's attempt number of a request, as {@code X-Hookrelay-Attempt} carries it. */
    public static int attemptOf(Receiver.Request request) {
        return Integer.parseInt(header(request, "x-hookrelay-attempt"));
    }

    public boolean succeeded() {
        return answeredStatus >= 200 && answeredStatus < 300;
    }

    private static String header(Receiver.Request request, String name) {
        return request.header(name).orElseThrow(() -> new AssertionError("a delivery without " + name + ": " + request));
    }
}
