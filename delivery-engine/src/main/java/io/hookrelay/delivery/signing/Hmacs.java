package io.hookrelay.delivery.signing;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.List;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HMAC-SHA256 that every signature scheme hookrelay signs or verifies is built on, and the one way
 * signatures are compared.
 */
public final class Hmacs {
    private static final String ALGORITHM = "HmacSHA256";

    private Hmacs() {
    }

    /**
     * The HMAC of the parts one after the other, fed to the MAC piece by piece so a large body is never
     * copied just to prepend a timestamp to it.
     */
    public static byte[] sha256(byte[] key, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK ships HmacSHA256", e);
        }
    }

    /** Constant-time, so how long a refusal takes tells a forger nothing about how close the guess was. */
    public static boolean matches(byte[] expected, byte[] candidate) {
        return MessageDigest.isEqual(expected, candidate);
    }

    /**
     * Whether any of the signatures a provider listed is the expected one. A candidate that does not decode
     * simply does not match: one malformed entry is no reason to disregard the others.
     */
    public static boolean anyMatches(byte[] expected, List<String> encodedCandidates, Function<String, byte[]> decoder) {
        return encodedCandidates.stream().anyMatch(candidate -> matches(expected, decodeOrEmpty(candidate, decoder)));
    }

    private static byte[] decodeOrEmpty(String encoded, Function<String, byte[]> decoder) {
        try {
            return decoder.apply(encoded);
        } catch (IllegalArgumentException malformed) {
            return new byte[0];
        }
    }
}
