package io.hookrelay.delivery.signing;

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Ed25519 with the JDK's own implementation, keyed by the 32-byte seed a {@code whsk_} secret holds, as the
 * Standard Webhooks libraries key it.
 */
final class Ed25519Keys {
    static final int KEY_BYTES = 32;
    private static final int SIGNATURE_BYTES = 64;
    /** What comes before the raw key in its X.509 encoding (RFC 8410), the only form the JDK's key factory reads. */
    private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private Ed25519Keys() {
    }

    static byte[] sign(byte[] seed, byte[] message) {
        try {
            PrivateKey key = KeyFactory.getInstance("Ed25519").generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, seed));
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(key);
            signer.update(message);
            return signer.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot sign with ed25519", e);
        }
    }

    /**
     * Whether {@code signature} is ed25519's of {@code message} under the raw 32-byte {@code publicKey}; a key that is
     * not a point of the curve, like a malformed signature, verifies nothing.
     */
    static boolean verifies(byte[] publicKey, byte[] message, byte[] signature) {
        if (signature.length != SIGNATURE_BYTES) {
            return false;
        }
        try {
            Signature verifier = verifierOf(publicKey);
            verifier.update(message);
            return verifier.verify(signature);
        } catch (InvalidKeyException | InvalidKeySpecException | SignatureException malformed) {
            return false;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot verify ed25519 signatures", e);
        }
    }

    /** Whether the raw 32 bytes are an ed25519 public key: of the right length and a point of the curve. */
    static boolean isPublicKey(byte[] publicKey) {
        if (publicKey.length != KEY_BYTES) {
            return false;
        }
        try {
            verifierOf(publicKey);
            return true;
        } catch (InvalidKeyException | InvalidKeySpecException notAPoint) {
            return false;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot verify ed25519 signatures", e);
        }
    }

    private static Signature verifierOf(byte[] publicKey) throws GeneralSecurityException {
        byte[] encoded = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + publicKey.length);
        System.arraycopy(publicKey, 0, encoded, X509_PREFIX.length, publicKey.length);
        PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(encoded));
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(key);
        return verifier;
    }

    /**
     * The raw 32-byte public key of a seed. The JDK derives a public key only while generating a pair, from the
     * random bytes it draws as the seed, so it is handed this seed as those bytes.
     */
    static byte[] publicKey(byte[] seed) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
            generator.initialize(NamedParameterSpec.ED25519, new SeedAsRandom(seed));
            KeyPair pair = generator.generateKeyPair();
            // A provider that drew its key some other way would hand back a stranger's public key, without a word.
            boolean fromTheSeed = pair.getPrivate() instanceof EdECPrivateKey key
                    && key.getBytes().filter(bytes -> Arrays.equals(bytes, seed)).isPresent();
            if (!fromTheSeed) {
                throw new IllegalStateException("this JDK's ed25519 key pair generator did not make the key from the seed");
            }
            byte[] encoded = pair.getPublic().getEncoded();
            return Arrays.copyOfRange(encoded, encoded.length - KEY_BYTES, encoded.length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot make ed25519 keys", e);
        }
    }

    /** Hands out one seed as its random bytes; a generator asking for anything else is a bug here. */
    private static final class SeedAsRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;
        private final byte[] seed;

        private SeedAsRandom(byte[] seed) {
            this.seed = seed.clone();
        }

        @Override
        public void nextBytes(byte[] bytes) {
            if (bytes.length != seed.length) {
                throw new IllegalStateException("asked for " + bytes.length + " random bytes, not an ed25519 seed");
            }
            System.arraycopy(seed, 0, bytes, 0, seed.length);
        }
    }
}
