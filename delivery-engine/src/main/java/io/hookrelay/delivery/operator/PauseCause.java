package io.hookrelay.delivery.operator;

import java.util.Locale;

/** Who or what paused a target, as a {@code target.paused} operator event's {@code reason}. */
public enum PauseCause {
    OPERATOR,
    /** It failed the configured number of attempts in a row. */
    AUTO_PAUSE,
    /** Its receiver answered {@code 410 Gone}. */
    GONE;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
