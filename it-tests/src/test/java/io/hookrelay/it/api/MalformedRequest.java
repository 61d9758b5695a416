package io.hookrelay.it.api;

import io.hookrelay.http.RawExchange;
import java.io.IOException;

/**
 * A request that is not well-formed HTTP or is over the server's head limits, written byte for byte on a
 * socket of its own, since no HTTP client sends such things. Undertow's parser refuses these before any
 * handler runs, so what is checked of the answer is what Undertow sends, not the API's JSON.
 *
 * @param description the test's display name
 * @param text        the request, one character per byte (ISO-8859-1), so that raw bytes above 0x7F can be written
 */
record MalformedRequest(String description, String text) {

    /** Writes the request and reads one answer, even one the server sends before it has read the whole request. */
    RawExchange sendTo(int port) throws IOException {
        return RawExchange.send(port, text);
    }

    @Override
    public String toString() {
        return description;
    }
}
