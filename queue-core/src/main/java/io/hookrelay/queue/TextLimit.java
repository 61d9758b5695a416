package io.hookrelay.queue;

/**
 * Shortens text kept for operators. A cut between the two halves of a character outside the Basic
 * Multilingual Plane (an emoji in a receiver's answer) would leave half a character, which a store
 * writing UTF-8 cannot keep as it was, so such a cut moves one unit earlier. A NUL, which a receiver may
 * well send but PostgreSQL's text cannot hold, is kept as U+FFFD: an answer must never make its outcome
 * impossible to write down.
 */
final class TextLimit {
    private TextLimit() {
    }

    /** The longest start of {@code text} that has at most {@code maxChars} UTF-16 units and no half character. */
    static String cut(String text, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be at least 1: " + maxChars);
        }
        String storable = text.replace('\u0000', '\uFFFD');
        if (storable.length() <= maxChars) {
            return storable;
        }
        int end = Character.isHighSurrogate(storable.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
        return storable.substring(0, end);
    }
}
