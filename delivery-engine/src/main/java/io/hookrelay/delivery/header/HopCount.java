package io.hookrelay.delivery.header;

import java.util.Map;
import java.util.Optional;

/**
 * How many relays a webhook has passed through, carried as {@code X-Hookrelay-Hops} (DESIGN §4 "Loop guard"):
 * every delivery sends the hop count its event was received with, plus one, so a target that points back into
 * a relay, directly or through other relays, raises the count until ingest refuses it.
 *
 * <p>The header is hookrelay's own, and only a relay ever writes it, always as one decimal count. Anything
 * else in it (a word, a sign, a fraction) came from outside a relay chain, so it is read as no hop at all:
 * a webhook is never refused for what a stranger wrote in it. A count too large for an {@code int} is the
 * largest one. Values repeated by a proxy, joined with commas, count as the highest of them.
 */
public final class HopCount {
    /** Lower-cased, as stored headers are named. */
    public static final String HEADER = "x-hookrelay-hops";
    /** The hop count of a webhook that came from outside any relay. */
    public static final int FROM_OUTSIDE = 0;

    private HopCount() {
    }

    /** The hop count a request arrived with, given the value of its {@link #HEADER}, if it had one. */
    public static int received(Optional<String> header) {
        return header.map(HopCount::parse).orElse(FROM_OUTSIDE);
    }

    /** The hop count to send with a delivery of an event whose stored headers are {@code headers}. */
    public static int forDeliveryOf(Map<String, String> headers) {
        int received = received(Optional.ofNullable(headers.get(HEADER)));
        return received == Integer.MAX_VALUE ? received : received + 1;
    }

    private static int parse(String value) {
        int highest = FROM_OUTSIDE;
        for (String element : value.split(",", -1)) {
            highest = Math.max(highest, count(element.strip()));
        }
        return highest;
    }

    private static int count(String digits) {
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return FROM_OUTSIDE;
        }
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException tooLarge) {
            return Integer.MAX_VALUE;
        }
    }
}
