package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.WebhookSecrets;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class StandardWebhooksSignerTest {

    @Test
    void matchesAVectorComputedWithOpenssl() {
        // printf '%s' 'evt_….1700000000.{"order":42,"status":"paid"}' \
        //   | openssl dgst -sha256 -mac HMAC -macopt hexkey:000102…1f -binary | base64
        String secret = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
        byte[] body = "{\"order\":42,\"status\":\"paid\"}".getBytes(StandardCharsets.UTF_8);

        String signature = StandardWebhooksSigner.sign(secret, "evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0E", 1_700_000_000L, body);

        assertThat(signature).isEqualTo("v1,E4uLuspftI3cjuejdgKlJixjTSeMB/I41ns6xQDaeHs=");
    }

    @Test
    void agreesWithAnIndependentHmacOverIdTimestampAndBody() throws Exception {
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            String secret = WebhookSecrets.generate(new SecureRandom());
            byte[] body = new byte[random.nextInt(3000)];
            random.nextBytes(body);
            String id = "evt_" + i;
            long timestamp = 1_600_000_000L + random.nextInt(1_000_000);

            assertThat(StandardWebhooksSigner.sign(secret, id, timestamp, body))
                    .isEqualTo("v1," + independentSignature(secret, id, timestamp, body));
        }
    }

    @Test
    void theSignatureCoversTheTimestampAndTheBody() {
        String secret = WebhookSecrets.generate(new SecureRandom());
        byte[] body = {1, 2, 3};

        String original = StandardWebhooksSigner.sign(secret, "evt_1", 100, body);

        assertThat(StandardWebhooksSigner.sign(secret, "evt_1", 101, body)).isNotEqualTo(original);
        assertThat(StandardWebhooksSigner.sign(secret, "evt_1", 100, new byte[] {1, 2, 4})).isNotEqualTo(original);
        assertThat(StandardWebhooksSigner.sign(secret, "evt_2", 100, body)).isNotEqualTo(original);
    }

    private static String independentSignature(String secret, String id, long timestamp, byte[] body) throws Exception {
        byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, message, 0, prefix.length);
        System.arraycopy(body, 0, message, prefix.length, body.length);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return Base64.getEncoder().encodeToString(mac.doFinal(message));
    }
}
