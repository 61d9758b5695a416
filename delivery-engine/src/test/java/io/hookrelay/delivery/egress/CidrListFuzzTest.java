package io.hookrelay.delivery.egress;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * {@code --allow-targets} and {@code --deny-targets} as an operator may type them: a list is refused with a reason, or
 * each of its ranges is written back in a form that reads as the same range, denies the addresses in it, and allowing
 * it never reopens an address that is denied by default.
 */
class CidrListFuzzTest {

    @FuzzTest(maxDuration = "3m")
    void aListIsRefusedWithAReasonOrEachRangeReadsBackAndHoldsItsAddresses(byte[] input) throws UnknownHostException {
        String text = new String(input, StandardCharsets.UTF_8);

        List<AddressRange> ranges;
        try {
            ranges = EgressPolicy.parseList(text);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }

        for (AddressRange range : ranges) {
            String written = range.toString();
            assertThat(AddressRange.parse(written)).isEqualTo(range);
            InetAddress first = InetAddress.getByName(written.substring(0, written.indexOf('/')));
            assertThat(EgressPolicy.of(List.of(), List.of(range)).refusal(first)).isPresent();
            Optional<String> allowed = EgressPolicy.of(List.of(range), List.of()).refusal(first);
            if (EgressPolicy.DEFAULT.refusal(first).isPresent()) {
                assertThat(allowed).isPresent();
            }
        }
    }
}
