package io.hookrelay.delivery.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EgressPolicyTest {
    private static final EgressPolicy LOOPBACK_DENIED = EgressPolicy.of(List.of(), EgressPolicy.parseList("127.0.0.0/8,::1"));

    @ParameterizedTest
    @ValueSource(strings = {"169.254.169.254", "169.254.0.1", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "::169.254.169.254",
            "0:0:0:0:0:ffff:a9fe:a9fe", "fe80::1", "febf::1", "0.0.0.0", "0.1.2.3", "::", "fd00:ec2::254", "::ffff:0.0.0.0",
            "100.100.100.200"})
    void deniesLinkLocalUnspecifiedAndMetadataAddressesByDefault(String address) throws Exception {
        assertThat(EgressPolicy.DEFAULT.refusal(InetAddress.getByName(address))).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "::1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "::ffff:127.0.0.1", "93.184.216.34",
            "2606:2800:220:1:248:1893:25c8:1946", "169.253.255.255", "169.255.0.0", "1.0.0.0", "fd00:ec2::253", "fec0::1"})
    void reachesLoopbackPrivateAndPublicAddressesByDefault(String address) throws Exception {
        assertThat(EgressPolicy.DEFAULT.refusal(InetAddress.getByName(address))).isEmpty();
    }

    /** 169.254.169.254 in every IPv6 form that hands it to a translator or relay; the Teredo one inverted. */
    @ParameterizedTest
    @ValueSource(strings = {"64:ff9b::a9fe:a9fe", "64:ff9b::169.254.169.254", "64:ff9b:1::a9fe:a9fe",
            "64:ff9b:1:a9fe:a9:fe00::", "64:ff9b:1:a9:fe:a9fe::", "64:ff9b:1:5:a9:fea9:fe00:0", "2002:a9fe:a9fe::1",
            "2002:a9fe:a9fe:1::5", "::ffff:0:a9fe:a9fe", "::ffff:0:169.254.169.254", "2001:0:4136:e378:8000:63bf:5601:5601"})
    void deniesAnIpv6AddressThatCarriesADeniedIpv4One(String address) throws Exception {
        byte[] bytes = InetAddress.getByName(address).getAddress();

        assertThat(CarriedIpv4.in(bytes)).extracting(IpAddresses::text).contains("169.254.169.254");
        assertThat(EgressPolicy.DEFAULT.refusal(InetAddress.getByName(address))).hasValueSatisfying(why -> assertThat(why)
                .startsWith(IpAddresses.text(bytes) + " carries an IPv4 address: ").endsWith(", which the egress policy denies"));
    }

    /** A network picks its layout inside 64:ff9b:1::/48; each one's reading is judged, so any denied one refuses. */
    @Test
    void theLocalUseNat64PrefixIsReadInEveryLayoutANetworkMayUse() throws Exception {
        assertThat(CarriedIpv4.in(InetAddress.getByName("64:ff9b:1:a9fe:a9:fe00::").getAddress())).extracting(IpAddresses::text)
                .containsExactly("169.254.169.254", "254.169.254.0", "169.254.0.0", "0.0.0.0");
        assertThat(CarriedIpv4.in(InetAddress.getByName("2001:db8::a9fe:a9fe").getAddress())).as("documentation, not Teredo").isEmpty();
    }

    @Test
    void anIpv6AddressCarryingAnIpv4OneIsJudgedByBoth() throws Exception {
        EgressPolicy confined = EgressPolicy.of(EgressPolicy.parseList("64:ff9b::/96"), List.of());

        assertThat(EgressPolicy.DEFAULT.refusal(InetAddress.getByName("64:ff9b::808:808"))).isEmpty();
        assertThat(EgressPolicy.DEFAULT.refusal(InetAddress.getByName("2002:808:808::1"))).isEmpty();
        assertThat(LOOPBACK_DENIED.refusal(InetAddress.getByName("64:ff9b::7f00:1"))).hasValue(
                "64:ff9b::7f00:1 carries an IPv4 address: 127.0.0.1 is in 127.0.0.0/8, which the egress policy denies");
        assertThat(LOOPBACK_DENIED.refusal(InetAddress.getByName("2001:0:4136:e378:8000:63bf:80ff:fffe"))).isPresent();
        assertThat(confined.refusal(InetAddress.getByName("64:ff9b::808:808"))).as("the IPv4 address is outside").isPresent();
    }

    @Test
    void deniedRangesAddToTheDefaultsAndNameTheRange() throws Exception {
        EgressPolicy policy = EgressPolicy.of(List.of(), EgressPolicy.parseList("10.0.0.0/8, fc00::/7"));

        assertThat(policy.refusal(InetAddress.getByName("10.9.8.7"))).hasValue("10.9.8.7 is in 10.0.0.0/8, which the egress policy denies");
        assertThat(policy.refusal(InetAddress.getByName("::ffff:10.9.8.7"))).isPresent();
        assertThat(policy.refusal(InetAddress.getByName("fd12::1"))).isPresent();
        assertThat(policy.refusal(InetAddress.getByName("169.254.169.254"))).isPresent();
        assertThat(policy.refusal(InetAddress.getByName("192.168.0.1"))).isEmpty();
    }

    @Test
    void allowedRangesConfineDeliveriesAndNeverLiftADenial() throws Exception {
        EgressPolicy policy = EgressPolicy.of(EgressPolicy.parseList("10.0.0.0/8,169.254.0.0/16"), EgressPolicy.parseList("10.0.0.5"));

        assertThat(policy.refusal(InetAddress.getByName("10.0.0.4"))).isEmpty();
        assertThat(policy.refusal(InetAddress.getByName("::ffff:10.0.0.4"))).isEmpty();
        assertThat(policy.refusal(InetAddress.getByName("10.0.0.5"))).hasValue("10.0.0.5 is in 10.0.0.5/32, which the egress policy denies");
        assertThat(policy.refusal(InetAddress.getByName("169.254.169.254"))).hasValueSatisfying(why -> assertThat(why).contains("169.254.0.0/16"));
        assertThat(policy.refusal(InetAddress.getByName("11.0.0.1"))).hasValue("11.0.0.1 is outside the ranges the egress policy allows");
        assertThat(policy.refusal(InetAddress.getByName("::1"))).isPresent();
    }

    @Test
    void aListIsCommaSeparatedAndBlankIsNone() {
        assertThat(EgressPolicy.parseList(" ")).isEmpty();
        assertThat(EgressPolicy.parseList(null)).isEmpty();
        assertThat(EgressPolicy.parseList("10.0.0.0/8,fd00::/8").stream().map(Object::toString)).containsExactly("10.0.0.0/8", "fd00::/8");
        assertThatThrownBy(() -> EgressPolicy.parseList("10.0.0.0/8,")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EgressPolicy.parseList("10.0.0.0/8,bogus")).hasMessageContaining("bogus");
    }

    @Test
    void theDefaultDenialsCannotBeLeftOut() {
        assertThatThrownBy(() -> new EgressPolicy(List.of(), List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({
            "http://169.254.169.254/latest/meta-data/, 169.254.169.254 is in 169.254.0.0/16",
            "http://0.0.0.0:8080/, 0.0.0.0 is in 0.0.0.0/8",
            "http://[::ffff:169.254.169.254]/, 169.254.169.254 is in 169.254.0.0/16",
            "http://[::ffff:a9fe:a9fe]/, 169.254.169.254 is in 169.254.0.0/16",
            "http://[::a9fe:a9fe]/, 169.254.169.254 is in 169.254.0.0/16",
            "https://[fd00:ec2::254]/, fd00:ec2::254 is in fd00:ec2::254/128",
            "http://[::]/, :: is in ::/128",
            "http://[fe80::1%25eth0]:9000/, fe80::1 is in fe80::/10",
            "http://[FE80::A9FE:A9FE]/, fe80::a9fe:a9fe is in fe80::/10",
            "http://[64:ff9b::169.254.169.254]/, 64:ff9b::a9fe:a9fe carries an IPv4 address: 169.254.169.254 is in 169.254.0.0/16"})
    void refusesATargetWhoseHostIsADeniedAddress(String url, String why) {
        assertThatThrownBy(() -> EgressPolicy.DEFAULT.checkLiteralHost(URI.create(url)))
                .isInstanceOfSatisfying(InvalidRequestException.class, refused -> assertThat(refused.code()).isEqualTo("egress_denied"))
                .hasMessage("url host: " + why + ", which the egress policy denies");
    }

    @ParameterizedTest
    @CsvSource({
            "http://2130706433/, 127.0.0.1",
            "http://0x7f000001/, 127.0.0.1",
            "http://0X7F000001/, 127.0.0.1",
            "http://0177.0.0.1/, 127.0.0.1",
            "http://0177.0.0.01/, 127.0.0.1",
            "http://2852039166/, 169.254.169.254",
            "http://0xa9fea9fe/, 169.254.169.254",
            "http://0/, 0.0.0.0",
            "http://00.0.0.0/, 0.0.0.0"})
    void refusesANumericHostInAnyButTheCanonicalFormNamingTheAddressItIs(String url, String address) {
        assertThatThrownBy(() -> EgressPolicy.DEFAULT.checkLiteralHost(URI.create(url)))
                .isInstanceOfSatisfying(InvalidRequestException.class, refused -> assertThat(refused.code()).isEqualTo("invalid_request"))
                .hasMessageEndingWith("is an IPv4 address in a non-standard form; write it as " + address);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://99999999999/", "http://0x1ffffffff/", "http://08.0.0.1/", "http://0x/"})
    void refusesAHostThatEndsInANumberButIsNoAddress(String url) {
        assertThatThrownBy(() -> EgressPolicy.DEFAULT.checkLiteralHost(URI.create(url)))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void theResolverReadingFollowsInetAtonForEveryPartCount() {
        assertThat(HostLiteral.resolverReading("127.1")).hasValueSatisfying(bytes -> assertThat(IpAddresses.text(bytes)).isEqualTo("127.0.0.1"));
        assertThat(HostLiteral.resolverReading("10.1.65535")).hasValueSatisfying(bytes -> assertThat(IpAddresses.text(bytes)).isEqualTo("10.1.255.255"));
        assertThat(HostLiteral.resolverReading("4294967295")).hasValueSatisfying(bytes -> assertThat(IpAddresses.text(bytes)).isEqualTo("255.255.255.255"));
        assertThat(HostLiteral.resolverReading("4294967296")).isEmpty();
        assertThat(HostLiteral.resolverReading("10.1.65536")).isEmpty();
        assertThat(HostLiteral.resolverReading("256.1")).isEmpty();
        assertThat(HostLiteral.resolverReading("1..1")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:9000/hook", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://localhost/",
            "https://example.com/", "http://10.0.0.1/", "http://metadata.google.internal/", "http://1password.example/",
            "http://0x.example/", "https://hooks.example.com./", "http://[2001:db8::1]/"})
    void acceptsNamesAndCanonicalAddressesThatAreNotDenied(String url) {
        assertThatCode(() -> EgressPolicy.DEFAULT.checkLiteralHost(URI.create(url))).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::127.0.0.1]/",
            "http://127.255.255.254:8080/", "http://[::1]/", "http://[0:0:0:0:0:0:0:1]/"})
    void anOperatorsDeniedRangeCatchesEverySpellingOfItsAddresses(String url) {
        assertThatThrownBy(() -> LOOPBACK_DENIED.checkLiteralHost(URI.create(url)))
                .isInstanceOfSatisfying(InvalidRequestException.class, refused -> assertThat(refused.code()).isEqualTo("egress_denied"));
    }
}
