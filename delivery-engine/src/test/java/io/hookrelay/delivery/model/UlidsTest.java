package io.hookrelay.delivery.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UlidsTest {
    private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    private static Ulids at(long epochMilli) {
        return new Ulids(Clock.fixed(Instant.ofEpochMilli(epochMilli), ZoneOffset.UTC), new Random(7));
    }

    /** Reads the 48-bit time back out of the first ten characters, independently of the encoder. */
    private static long timeOf(String ulid) {
        long time = 0;
        for (char c : ulid.substring(0, 10).toCharArray()) {
            time = time * 32 + CROCKFORD.indexOf(c);
        }
        return time;
    }

    @Test
    void encodesTheUlidSpecificationsExampleTime() {
        assertThat(at(1469918176385L).next(Ulids.EVENT)).startsWith("evt_01ARYZ6S41");
    }

    @Test
    void carriesTheClocksMillisecondsAndIsWellFormed() {
        String id = at(1_740_830_400_123L).next(Ulids.DELIVERY);

        assertThat(id).hasSize(30);
        assertThat(Ulids.isValid(id, Ulids.DELIVERY)).isTrue();
        assertThat(timeOf(id.substring(4))).isEqualTo(1_740_830_400_123L);
    }

    @Test
    void laterIdsSortAfterEarlierOnes() {
        String earlier = at(1_000).next(Ulids.EVENT);
        String later = at(1_001).next(Ulids.EVENT);
        String muchLater = at(4_102_444_800_000L).next(Ulids.EVENT);

        assertThat(earlier).isLessThan(later);
        assertThat(later).isLessThan(muchLater);
    }

    @Test
    void idsInTheSameMillisecondDifferInTheirRandomPart() {
        Ulids ulids = new Ulids(Clock.fixed(Instant.ofEpochMilli(5), ZoneOffset.UTC));

        assertThat(IntStream.range(0, 1000).mapToObj(i -> ulids.next(Ulids.ROUTE))).doesNotHaveDuplicates();
    }

    @ParameterizedTest(name = "{0} with prefix {1}: {2}")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "evt_01ARYZ6S41TSV4RRFFQ69G5FAV  | evt_ | true",
            "evt_7ZZZZZZZZZZZZZZZZZZZZZZZZZ  | evt_ | true",
            "dlv_01ARYZ6S41TSV4RRFFQ69G5FAV  | evt_ | false",
            "01ARYZ6S41TSV4RRFFQ69G5FAV      | evt_ | false",
            "evt_01arYZ6S41TSV4RRFFQ69G5FAV  | evt_ | false",
            "evt_01ARYZ6S41TSV4RRFFQ69G5FA   | evt_ | false",
            "evt_01ARYZ6S41TSV4RRFFQ69G5FAVV | evt_ | false",
            "evt_01ARYZ6S41TSV4RRFFQ69G5FAI  | evt_ | false",
            "evt_01ARYZ6S41TSV4RRFFQ69G5FAL  | evt_ | false",
            "evt_01ARYZ6S41TSV4RRFFQ69G5FAO  | evt_ | false",
            "evt_01ARYZ6S41TSV4RRFFQ69G5FAU  | evt_ | false",
            "NULL                            | evt_ | false"})
    void validatesPrefixedUlids(String id, String prefix, boolean valid) {
        assertThat(Ulids.isValid(id, prefix)).isEqualTo(valid);
    }
}
