package io.hookrelay.delivery.filter;

/**
 * Text that every store keeps as it is: PostgreSQL's {@code text} holds no NUL, and a lone surrogate is no
 * character, so a store would write something else in its place and read back a different value.
 */
final class StorableText {
    private StorableText() {
    }

    static boolean isStorable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || Character.isLowSurrogate(c)) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
