package io.hookrelay.delivery.header;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.hookrelay.delivery.error.LoopDetectedException;
import io.hookrelay.delivery.ingest.LoopGuard;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The loop guard's headers as anyone may send them. {@code X-Hookrelay-Hops} is read as the highest decimal count it
 * holds, anything else in it as no hop; a webhook is refused only for a count at the limit or for carrying this relay's
 * own mark in {@code X-Hookrelay-Relay}, and a delivery of one it took passes on the well-formed marks, this relay's
 * last and once.
 */
class HopCountFuzzTest {
    private static final RelayMarker MARK = new RelayMarker("abcdefghijklmnopqrstuv");
    private static final LoopGuard GUARD = new LoopGuard(LoopGuard.DEFAULT_MAX_HOPS, MARK);

    @FuzzTest(maxDuration = "3m")
    void anyHeaderIsReadAsItsHighestCountAndOnlyWellFormedMarksGoOn(byte[] input) {
        String value = new String(input, StandardCharsets.UTF_8);

        int hops = HopCount.received(Optional.of(value));

        assertThat(hops).isEqualTo(highestCount(value));
        assertThat(HopCount.forDeliveryOf(Map.of(HopCount.HEADER, value))).isEqualTo(hops == Integer.MAX_VALUE ? hops : hops + 1);
        if (MARK.isIn(Optional.of(value))) {
            assertThatThrownBy(() -> GUARD.check(Optional.empty(), Optional.of(value))).isInstanceOf(LoopDetectedException.class);
            return;
        }
        assertThatCode(() -> GUARD.check(Optional.empty(), Optional.of(value))).doesNotThrowAnyException();
        String sentOn = MARK.forDeliveryOf(Map.of(RelayMarker.HEADER, value));
        List<String> marks = Arrays.asList(sentOn.split(", ", -1));
        assertThat(marks).hasSizeBetween(1, RelayMarker.MOST_CARRIED).endsWith(MARK.value());
        assertThat(marks).allSatisfy(mark -> assertThat(new RelayMarker(mark).value()).isEqualTo(mark));
        assertThat(marks.subList(0, marks.size() - 1)).doesNotContain(MARK.value());
        assertThat(MARK.isIn(Optional.of(sentOn))).isTrue();
    }

    /** The header's description, in another way than {@link HopCount}'s: the exact count, then capped. */
    private static int highestCount(String value) {
        BigInteger highest = BigInteger.ZERO;
        for (String element : value.split(",", -1)) {
            String digits = element.strip();
            if (!digits.isEmpty() && digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                highest = highest.max(new BigInteger(digits));
            }
        }
        return highest.min(BigInteger.valueOf(Integer.MAX_VALUE)).intValueExact();
    }
}
