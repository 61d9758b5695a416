package io.hookrelay.delivery.model;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Generates prefixed ULIDs ({@code evt_01J…}): 26 Crockford base-32 characters, 48 bits of milliseconds then
 * 80 random bits. Ids that sort by creation time are what make list pagination stable: a cursor is just the
 * last id seen, and rows created later never shift an earlier page.
 */
public final class Ulids {
    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final Pattern BODY = Pattern.compile("[0-9A-HJKMNP-TV-Z]{26}");
    public static final String EVENT = "evt_";
    /** The latest time a ULID's 48 bits hold. */
    private static final long LARGEST_TIME = (1L << 48) - 1;
    public static final String DELIVERY = "dlv_";
    public static final String ROUTE = "rte_";
    public static final String KEY = "key_";
    public static final String AUDIT = "aud_";

    private final Clock clock;
    private final Random random;

    public Ulids(Clock clock) {
        this(clock, new SecureRandom());
    }

    public Ulids(Clock clock, Random random) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    public String next(String prefix) {
        return next(prefix, clock.instant());
    }

    /** An id made at {@code at}: a record's own time, so its id and that time agree to the millisecond. */
    public String next(String prefix, Instant at) {
        char[] out = new char[26];
        encodeTime(at.toEpochMilli(), out);
        byte[] randomness = new byte[10];
        random.nextBytes(randomness);
        long high = 0;
        for (int i = 0; i < 5; i++) {
            high = (high << 8) | (randomness[i] & 0xff);
        }
        long low = 0;
        for (int i = 5; i < 10; i++) {
            low = (low << 8) | (randomness[i] & 0xff);
        }
        for (int i = 17; i >= 10; i--) {
            out[i] = ALPHABET[(int) (high & 31)];
            high >>>= 5;
        }
        for (int i = 25; i >= 18; i--) {
            out[i] = ALPHABET[(int) (low & 31)];
            low >>>= 5;
        }
        return prefix + new String(out);
    }

    /**
     * The smallest id with {@code prefix} made at {@code time} or later: ids sort by when they were made, so a
     * time range is an id range, which the primary key's index walks.
     */
    public static String lowestAt(String prefix, Instant time) {
        char[] out = new char[26];
        Arrays.fill(out, '0');
        encodeTime(Math.max(0, Math.min(time.toEpochMilli(), LARGEST_TIME)), out);
        return prefix + new String(out);
    }

    private static void encodeTime(long millis, char[] out) {
        long time = millis;
        for (int i = 9; i >= 0; i--) {
            out[i] = ALPHABET[(int) (time & 31)];
            time >>>= 5;
        }
    }

    /** True when {@code id} is {@code prefix} followed by a well-formed ULID. */
    public static boolean isValid(String id, String prefix) {
        return id != null && id.startsWith(prefix) && BODY.matcher(id.substring(prefix.length())).matches();
    }
}
