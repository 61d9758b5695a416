package io.hookrelay.it.tenants;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A token's SHA-256 in hex, worked out here rather than by the relay's code, to find it where the relay kept it. */
final class KeyHash {
    private KeyHash() {
    }

    static String sha256Hex(String token) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    }
}
