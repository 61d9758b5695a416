package io.hookrelay.delivery.header;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HopCountTest {

    @Test
    void aWebhookWithoutTheHeaderCameFromOutsideAndItsDeliveriesAreTheFirstHop() {
        assertThat(HopCount.received(Optional.empty())).isZero();
        assertThat(HopCount.forDeliveryOf(Map.of("content-type", "text/plain"))).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"1|1", "2|2", " 7 |7", "007|7", "1, 3|3", "3,1|3", "2, junk|2"})
    void aDecimalCountIsReadAsItIsAndRepeatedValuesCountAsTheirHighest(String header, int hops) {
        assertThat(HopCount.received(Optional.of(header))).isEqualTo(hops);
    }

    /** Only a relay writes the header, always as one count: anything else came from outside a relay chain. */
    @ParameterizedTest
    @ValueSource(strings = {"", " ", "-1", "+2", "2.5", "two", "0x3", "3a", "١"})
    void anythingButADecimalCountIsNoHopAtAll(String header) {
        assertThat(HopCount.received(Optional.of(header))).isZero();
    }

    @Test
    void aCountPastAnyIntIsTheLargestAndStaysThereWhenSentOn() {
        String huge = "99999999999999999999";

        assertThat(HopCount.received(Optional.of(huge))).isEqualTo(Integer.MAX_VALUE);
        assertThat(HopCount.forDeliveryOf(Map.of(HopCount.HEADER, huge))).isEqualTo(Integer.MAX_VALUE);
    }
}
