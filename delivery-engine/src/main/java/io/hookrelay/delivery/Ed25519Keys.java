package io.hookrelay.delivery;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;

/**
 * Ed25519 with the JDK's own implementation, keyed by the 32-byte seed a {@code whsk_} secret holds, as the
 * Standard Webhooks libraries key it.
 */
final class Ed25519Keys {
    private static final int KEY_BYTES = 32;

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
