package io.hookrelay.delivery.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.query.OperatorEventType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperatorEventBodyTest {
    private static final Instant AT = Instant.parse("2026-12-02T10:00:00.123Z");

    @Test
    void laysOutTypeTimestampAndDataInTheOrderGiven() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("target_id", "erp");
        data.put("attempts", 3);

        assertThat(text(OperatorEventBody.of(OperatorEventType.DELIVERY_FAILED, AT, data)))
                .isEqualTo("{\"type\":\"delivery.failed\",\"timestamp\":\"2026-12-02T10:00:00.123Z\",\"data\":{\"target_id\":\"erp\",\"attempts\":3}}");
    }

    @Test
    void escapesWhatAnErrorMessageMayHold() {
        String error = "said \"no\"\\\n\tthen\u0001 é";

        assertThat(text(OperatorEventBody.of(OperatorEventType.DELIVERY_FAILED, AT, Map.of("error", error))))
                .endsWith("\"data\":{\"error\":\"said \\\"no\\\"\\\\\\n\\tthen\\u0001 é\"}}");
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }
}
