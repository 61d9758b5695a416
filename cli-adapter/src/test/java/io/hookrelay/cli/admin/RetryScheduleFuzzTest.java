package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.StandardCharsets;

/**
 * {@code --retry-schedule} as operators write it: refused with a sentence naming the text, or waits of whole seconds,
 * none negative, that read back from the way {@code target show} writes the server's {@code retry_schedule_s}.
 */
class RetryScheduleFuzzTest {

    @FuzzTest(maxDuration = "3m")
    void aScheduleIsRefusedNamingItOrReadsBackFromHowItIsShown(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);

        RetrySchedule schedule;
        try {
            schedule = RetrySchedule.parse(text);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).contains("'" + text + "'");
            return;
        }

        assertThat(schedule.waitsSeconds()).allMatch(wait -> wait >= 0);
        ArrayNode served = JsonNodeFactory.instance.arrayNode();
        schedule.waitsSeconds().forEach(served::add);
        assertThat(RetrySchedule.parse(RetrySchedule.describe(served))).isEqualTo(schedule);
    }
}
