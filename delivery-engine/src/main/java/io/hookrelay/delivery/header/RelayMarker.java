package io.hookrelay.delivery.header;

import io.hookrelay.delivery.signing.SecretCipher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * This relay's mark, carried as {@code X-Hookrelay-Relay} by every delivery it sends, with the marks of the
 * relays the event came through before it (DESIGN §4 "Loop guard"). A webhook that arrives carrying this
 * relay's own mark was sent by it, so a target points back into it: ingest refuses it at once, whatever the
 * source's idempotency settings, and a loop through one relay makes no second event however many routes fan
 * it out; a loop through several ends when it reaches a relay a second time.
 *
 * <p>The mark is derived from the secret key, which every node on one database must share, so the whole
 * cluster carries one mark without a store to keep it in, and seeing it tells a receiver nothing about the
 * key. A stranger who copies it into a request can only have that request refused.
 */
public record RelayMarker(String value) {
    /** Lower-cased, as stored headers are named. */
    public static final String HEADER = "x-hookrelay-relay";
    /** How many marks a delivery carries at most: the most recent ones, beyond any real chain of relays. */
    static final int MOST_CARRIED = 100;
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9_-]{22}");
    private static final int BYTES = 16;

    public RelayMarker {
        Objects.requireNonNull(value, "value");
        if (!FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("a relay marker is 22 base64url characters");
        }
    }

    /** The mark of the relay whose secret key is {@code key}. */
    public static RelayMarker of(SecretCipher key) {
        byte[] derived = Arrays.copyOf(key.derive("hookrelay relay marker"), BYTES);
        return new RelayMarker(Base64.getUrlEncoder().withoutPadding().encodeToString(derived));
    }

    /** Whether a request whose {@link #HEADER} is {@code header} passed through this relay before. */
    public boolean isIn(Optional<String> header) {
        return header.map(RelayMarker::marks).orElse(List.of()).contains(value);
    }

    /** The header to send with a delivery of an event whose stored headers are {@code headers}. */
    public String forDeliveryOf(Map<String, String> headers) {
        List<String> marks = new ArrayList<>(marks(headers.getOrDefault(HEADER, "")));
        marks.remove(value);
        marks.add(value);
        return String.join(", ", marks.subList(Math.max(0, marks.size() - MOST_CARRIED), marks.size()));
    }

    /** The well-formed marks in a header's value; anything else in it came from outside a relay and is dropped. */
    private static List<String> marks(String header) {
        return Arrays.stream(header.split(",")).map(String::strip).filter(mark -> FORM.matcher(mark).matches()).toList();
    }
}
