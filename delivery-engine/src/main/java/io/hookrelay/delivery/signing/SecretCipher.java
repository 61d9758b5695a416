package io.hookrelay.delivery.signing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * How target signing secrets and source verification secrets are kept at rest: AES-256-GCM under a key
 * that lives outside the database, so a copy of the database alone yields no secret.
 *
 * <p>It lives here, in plain JDK code, rather than in a store adapter, because every adapter (SQLite, and
 * PostgreSQL for several nodes) must read what the others wrote with the same key; each is handed one.
 *
 * <p>A sealed value is {@value #FORMAT} followed by the base64 of a random 96-bit nonce, the ciphertext and
 * GCM's 128-bit tag. The prefix names the format, so a later one can be told apart and values migrated.
 * The tag means a wrong key or an altered value is detected, never decrypted into something else. No
 * secret (a source that verifies nothing) stays the empty text: there is nothing to hide, and a store can tell
 * a database that holds secrets from one that holds none.
 */
public final class SecretCipher {
    public static final int KEY_BYTES = 32;
    static final String FORMAT = "v1:";
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    /** What {@link #keyCheck()} seals: known text, so opening it proves the key without revealing it. */
    private static final String KEY_CHECK_TEXT = "hookrelay secret key check";

    private final SecretKeySpec key;
    private final String origin;
    private final SecureRandom random;

    private SecretCipher(byte[] key, String origin, SecureRandom random) {
        this.key = new SecretKeySpec(key, "AES");
        this.origin = origin;
        this.random = random;
    }

    /**
     * @param base64 the key as the base64 of exactly {@value #KEY_BYTES} bytes; surrounding white space is ignored
     * @param origin where the key came from, such as a variable's name or a file, for messages
     * @throws IllegalArgumentException naming {@code origin} (never the text) unless the key is well formed
     */
    public static SecretCipher fromBase64(String base64, String origin, SecureRandom random) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(random, "random");
        byte[] key;
        try {
            key = Base64.getDecoder().decode(Objects.requireNonNull(base64, "base64").strip());
        } catch (IllegalArgumentException notBase64) {
            key = new byte[0];
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException("the secret key from " + origin + " must be the base64 of exactly "
                    + KEY_BYTES + " bytes (for example the output of: openssl rand -base64 " + KEY_BYTES + ")");
        }
        return new SecretCipher(key, origin, random);
    }

    /** A new random key, as the base64 text {@link #fromBase64} reads. */
    public static String newKey(SecureRandom random) {
        byte[] key = new byte[KEY_BYTES];
        random.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    /**
     * A value only holders of the key can make, for {@code purpose}: the HMAC of the purpose under the key,
     * which tells whoever sees it nothing about the key.
     */
    public byte[] derive(String purpose) {
        return Hmacs.sha256(key.getEncoded(), purpose.getBytes(StandardCharsets.UTF_8));
    }

    /** Where the key came from: safe to show, it is never the key. */
    public String origin() {
        return origin;
    }

    /** A new sealing each call: the same secret sealed twice gives two different values. */
    public String seal(String secret) {
        if (secret.isEmpty()) {
            return "";
        }
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        byte[] sealed = run(Cipher.ENCRYPT_MODE, nonce, secret.getBytes(StandardCharsets.UTF_8));
        byte[] value = ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
        return FORMAT + Base64.getEncoder().encodeToString(value);
    }

    /**
     * @throws IllegalStateException when the value is not one this format seals, or this key did not seal it
     *                               (or it was altered since); the message holds neither value nor key
     */
    public String open(String sealed) {
        if (sealed.isEmpty()) {
            return "";
        }
        byte[] value = decode(sealed);
        try {
            byte[] secret = cipher(Cipher.DECRYPT_MODE, Arrays.copyOf(value, NONCE_BYTES))
                    .doFinal(value, NONCE_BYTES, value.length - NONCE_BYTES);
            return new String(secret, StandardCharsets.UTF_8);
        } catch (AEADBadTagException wrongKey) {
            throw new IllegalStateException("a stored secret does not open with the secret key from " + origin
                    + ": it was sealed with another key, or altered");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK ships " + TRANSFORMATION, e);
        }
    }

    /**
     * Known text sealed with this key, for a store to keep beside the secrets: when a later start is given
     * another key, {@link #opens} tells before any secret is read or any delivery goes out unsigned.
     */
    public String keyCheck() {
        return seal(KEY_CHECK_TEXT);
    }

    /** Whether {@code keyCheck} is a {@link #keyCheck()} made with this key. */
    public boolean opens(String keyCheck) {
        try {
            return KEY_CHECK_TEXT.equals(open(keyCheck));
        } catch (IllegalStateException otherKey) {
            return false;
        }
    }

    private static byte[] decode(String sealed) {
        if (!sealed.startsWith(FORMAT)) {
            throw new IllegalStateException("a stored secret is not sealed in format " + FORMAT);
        }
        byte[] value;
        try {
            value = Base64.getDecoder().decode(sealed.substring(FORMAT.length()));
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalStateException("a stored secret in format " + FORMAT + " is not base64");
        }
        if (value.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new IllegalStateException("a stored secret in format " + FORMAT + " is too short to be one");
        }
        return value;
    }

    private byte[] run(int mode, byte[] nonce, byte[] input) {
        try {
            return cipher(mode, nonce).doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK ships " + TRANSFORMATION, e);
        }
    }

    private Cipher cipher(int mode, byte[] nonce) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(TRANSFORMATION);
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        return cipher;
    }

    @Override
    public String toString() {
        return "SecretCipher[origin=" + origin + ", key=(hidden)]";
    }
}
