package io.hookrelay.it.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * A {@code v1a} receiver's check, with the JDK's own Ed25519 rather than hookrelay's signer: a check that shared the
 * relay's code would agree with the relay even when both were wrong.
 */
public final class JdkEd25519 {
    /** The JDK takes a raw Ed25519 public key as X.509: this fixed 12-byte prefix, then the key's 32 bytes. */
    private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private JdkEd25519() {
    }

    /**
     * The {@code whpk_} keys, of those given, under which a {@code v1a,} entry of the delivery's signatures verifies,
     * over its id, timestamp and body (a key twice if two entries do).
     */
    public static List<String> keysThatVerify(Receiver.Request delivery, String... publicKeys) throws GeneralSecurityException {
        byte[] prefix = (delivery.header("webhook-id").orElseThrow() + "." + delivery.header("webhook-timestamp").orElseThrow() + ".")
                .getBytes(StandardCharsets.UTF_8);
        byte[] signed = Arrays.copyOf(prefix, prefix.length + delivery.body().length);
        System.arraycopy(delivery.body(), 0, signed, prefix.length, delivery.body().length);
        List<String> entries = Arrays.stream(delivery.header("webhook-signature").orElseThrow().split(" "))
                .filter(entry -> entry.startsWith("v1a,")).map(entry -> entry.substring("v1a,".length())).toList();
        List<String> verified = new ArrayList<>();
        for (String key : publicKeys) {
            for (String entry : entries) {
                if (verifies(key, signed, entry)) {
                    verified.add(key);
                }
            }
        }
        return verified;
    }

    private static boolean verifies(String publicKey, byte[] signed, String base64Signature) throws GeneralSecurityException {
        byte[] raw = Base64.getDecoder().decode(publicKey.substring("whpk_".length()));
        byte[] x509 = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + raw.length);
        System.arraycopy(raw, 0, x509, X509_PREFIX.length, raw.length);
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(x509)));
        verifier.update(signed);
        return verifier.verify(Base64.getDecoder().decode(base64Signature));
    }
}
