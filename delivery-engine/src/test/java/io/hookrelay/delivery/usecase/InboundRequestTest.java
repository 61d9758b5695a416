package io.hookrelay.delivery.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InboundRequestTest {

    @Test
    void lowerCasesHeaderNamesWhateverTheAdapterPasses() {
        Map<String, String> headers = Map.of("X-Hub-Signature-256", "sha256=ab", "webhook-id", "msg_1");

        InboundRequest request = new InboundRequest("text/plain", headers, new byte[0]);

        assertThat(request.headers()).containsOnlyKeys("x-hub-signature-256", "webhook-id");
        assertThat(request.header("X-HUB-SIGNATURE-256")).contains("sha256=ab");
        assertThat(request.header("Webhook-Id")).contains("msg_1");
        assertThat(request.header("missing")).isEmpty();
    }

    @Test
    void joinsValuesOfNamesThatDifferOnlyInCase() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Tag", "a");
        headers.put("x-tag", "b");

        assertThat(new InboundRequest("text/plain", headers, new byte[0]).header("x-tag")).hasValueSatisfying(
                value -> assertThat(value).isIn("a, b", "b, a"));
    }
}
