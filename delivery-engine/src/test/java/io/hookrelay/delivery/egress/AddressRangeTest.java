package io.hookrelay.delivery.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressRangeTest {

    @ParameterizedTest
    @CsvSource({
            "10.0.0.0/8, 10.0.0.0/8",
            "' 192.168.0.0/16 ', 192.168.0.0/16",
            "169.254.169.254, 169.254.169.254/32",
            "0.0.0.0/0, 0.0.0.0/0",
            "fd00:ec2::254, fd00:ec2::254/128",
            "FE80::/10, fe80::/10",
            "::/0, ::/0",
            "::, ::/128",
            "2001:db8:0:0:0:0:0:0/32, 2001:db8::/32",
            "::ffff:10.0.0.0/104, 10.0.0.0/8",
            "::ffff:a9fe:a9fe, 169.254.169.254/32",
            "::ffff:0:0/96, 0.0.0.0/0"})
    void parsesAndWritesRangesNormalised(String cidr, String written) {
        assertThat(AddressRange.parse(cidr)).hasToString(written);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/8", "10.0.0/8", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/8/8", "10.0.0.256",
            "010.0.0.0/8", "0x0a.0.0.0/8", "10.0.0.0/ 8", "10.0.0.0/+8", "fe80::/129", "fe80::/1000", "fe80:::1/64", "[::1]",
            "fe80::1%eth0", "example.com/8", "::ffff:10.0.0.0/95"})
    void refusesWhatIsNotARange(String cidr) {
        assertThatThrownBy(() -> AddressRange.parse(cidr)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(cidr.strip());
    }

    @ParameterizedTest
    @CsvSource({"10.0.0.1/8, 10.0.0.0/8", "169.254.169.254/16, 169.254.0.0/16", "fe80::1/10, fe80::/10", "10.0.0.128/25, 10.0.0.128/25"})
    void refusesHostBitsAfterThePrefixNamingTheRangeMeant(String cidr, String meant) {
        if (cidr.equals(meant)) {
            assertThat(AddressRange.parse(cidr)).hasToString(meant);
        } else {
            assertThatThrownBy(() -> AddressRange.parse(cidr)).hasMessageContaining("did you mean " + meant);
        }
    }

    @ParameterizedTest
    @CsvSource({
            "10.0.0.0/8, 10.0.0.0, true",
            "10.0.0.0/8, 10.255.255.255, true",
            "10.0.0.0/8, 11.0.0.0, false",
            "10.0.0.0/8, 9.255.255.255, false",
            "172.16.0.0/12, 172.31.255.255, true",
            "172.16.0.0/12, 172.32.0.0, false",
            "192.168.1.128/25, 192.168.1.127, false",
            "192.168.1.128/25, 192.168.1.255, true",
            "0.0.0.0/0, 255.255.255.255, true",
            "0.0.0.0/0, 2001:db8::2, false",
            "::/0, 10.0.0.1, false",
            "::/0, 2001:db8::1, true",
            "fe80::/10, febf:ffff::1, true",
            "fe80::/10, fec0::1, false",
            "127.0.0.0/8, ::ffff:127.0.0.1, true",
            "127.0.0.0/8, ::127.0.0.1, true",
            "0.0.0.0/8, ::1, false",
            "0.0.0.0/8, ::, false",
            "::/128, ::, true",
            "::/128, ::1, false"})
    void containsExactlyItsBlockComparedNormalised(String cidr, String address, boolean inside) {
        byte[] bytes = IpAddresses.canonicalIpv4(address).or(() -> IpAddresses.ipv6(address)).orElseThrow();
        assertThat(AddressRange.parse(cidr).contains(IpAddresses.normalised(bytes))).isEqualTo(inside);
    }
}
