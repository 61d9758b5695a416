package io.hookrelay.queue;

/**
 * Shortens text kept for operators. A cut between the two halves of a character outside the Basic
 * Multilingual Plane (an emoji in a receiver's answer) would leave half a character, which a store
 * writing UTF-8 cannot keep as it was, so such a cut moves one unit earlier.
 */
final class TextLimit {
    private TextLimit() {
    }

    /** The longest start of {@code text} that has at most {@code maxChars} UTF-16 units and no half character. */
    static String cut(String text, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be at least 1: " + maxChars);
        }
        if (text.length() <= maxChars) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
        return text.substring(0, end);
    }
}
