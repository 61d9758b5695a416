package io.hookrelay.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Ed25519KeysTest {
    /** RFC 8032 §7.1, test 1: the seed's public key, and its signature of the empty message. */
    private static final byte[] SEED = HexFormat.of().parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
    private static final String PUBLIC_KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    private static final String SIGNATURE = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

    @Test
    void derivesThePublicKeyOfTheRfcVector() {
        assertThat(HexFormat.of().formatHex(Ed25519Keys.publicKey(SEED))).isEqualTo(PUBLIC_KEY);
    }

    @Test
    void signsAsTheRfcVectorSays() {
        assertThat(HexFormat.of().formatHex(Ed25519Keys.sign(SEED, new byte[0]))).isEqualTo(SIGNATURE);
    }
}
