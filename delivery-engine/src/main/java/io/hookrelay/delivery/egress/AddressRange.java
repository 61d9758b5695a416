package io.hookrelay.delivery.egress;

import java.util.Arrays;

/**
 * A block of addresses in CIDR notation, {@code 10.0.0.0/8} or {@code fd00::/8}; without a prefix length, the
 * one address. An IPv4 block written in IPv4-mapped form ({@code ::ffff:10.0.0.0/104}) is taken as the IPv4
 * block, as addresses are compared in their normalised form ({@link IpAddresses}). Host bits set after the
 * prefix ({@code 10.0.0.1/8}) are refused as the typo they usually are.
 */
public final class AddressRange {
    private static final int MAPPED_PREFIX_BITS = 96;

    private final byte[] network;
    private final int prefixLength;

    private AddressRange(byte[] network, int prefixLength) {
        this.network = network;
        this.prefixLength = prefixLength;
    }

    /** @throws IllegalArgumentException saying what is wrong with {@code cidr} */
    public static AddressRange parse(String cidr) {
        String text = cidr.strip();
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        byte[] bytes = IpAddresses.canonicalIpv4(address).or(() -> IpAddresses.ipv6(address))
                .orElseThrow(() -> new IllegalArgumentException("not a CIDR range: '" + cidr + "' (an IPv4 or IPv6 address, then optionally /prefix-length)"));
        int bits = bytes.length * 8;
        int prefix = slash < 0 ? bits : prefixLength(text.substring(slash + 1), bits, cidr);
        byte[] normalised = IpAddresses.normalised(bytes);
        if (normalised.length < bytes.length) {
            if (prefix < MAPPED_PREFIX_BITS) {
                throw new IllegalArgumentException("'" + cidr + "' mixes IPv4-mapped and other IPv6 addresses; write the IPv4 range as IPv4");
            }
            prefix -= MAPPED_PREFIX_BITS;
        }
        AddressRange range = new AddressRange(normalised, prefix);
        if (!Arrays.equals(range.firstAddress(), normalised)) {
            throw new IllegalArgumentException("'" + cidr + "' has bits set after its prefix; did you mean " + range + "?");
        }
        return range;
    }

    private static int prefixLength(String text, int bits, String cidr) {
        if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("not a prefix length: '" + cidr + "'");
        }
        int prefix = Integer.parseInt(text);
        if (prefix > bits) {
            throw new IllegalArgumentException("'" + cidr + "': the prefix length of an " + (bits == 32 ? "IPv4" : "IPv6")
                    + " range is at most " + bits);
        }
        return prefix;
    }

    /** Whether the normalised address ({@link IpAddresses#normalised}) is in this range; IPv4 never matches IPv6. */
    boolean contains(byte[] normalisedAddress) {
        if (normalisedAddress.length != network.length) {
            return false;
        }
        int whole = prefixLength / 8;
        for (int i = 0; i < whole; i++) {
            if (normalisedAddress[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixLength % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xff << (8 - rest) & 0xff;
        return (normalisedAddress[whole] & mask) == (network[whole] & mask);
    }

    private byte[] firstAddress() {
        byte[] first = network.clone();
        for (int bit = prefixLength; bit < first.length * 8; bit++) {
            first[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return first;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AddressRange range && range.prefixLength == prefixLength && Arrays.equals(range.network, network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefixLength;
    }

    /** This range, written as it is normalised: {@code 169.254.0.0/16}. */
    @Override
    public String toString() {
        return IpAddresses.text(firstAddress()) + "/" + prefixLength;
    }
}
