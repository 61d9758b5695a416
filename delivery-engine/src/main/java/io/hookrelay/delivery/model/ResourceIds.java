package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.regex.Pattern;

/**
 * Operator-chosen ids (sources, targets). They appear in URLs ({@code /hooks/{source}}) and in metrics-free
 * places like logs, so the alphabet is kept to what needs no escaping anywhere.
 */
public final class ResourceIds {
    private static final Pattern RESOURCE_ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

    private ResourceIds() {
    }

    public static boolean isValid(String id) {
        return id != null && RESOURCE_ID.matcher(id).matches();
    }

    /** @throws InvalidRequestException naming {@code what} when {@code id} is not a valid resource id */
    public static String require(String id, String what) {
        if (!isValid(id)) {
            throw new InvalidRequestException(what + " id must match [a-z0-9][a-z0-9_-]{0,63}");
        }
        return id;
    }
}
