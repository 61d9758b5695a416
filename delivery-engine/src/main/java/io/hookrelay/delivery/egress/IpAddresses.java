package io.hookrelay.delivery.egress;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Addresses as the egress policy compares them. An IPv4 address carried in IPv6 (mapped, {@code ::ffff:a.b.c.d};
 * compatible, {@code ::a.b.c.d}) reaches the IPv4 host, so it is turned into that IPv4 address first: one
 * IPv4 rule then catches every spelling. {@code ::} and {@code ::1} are IPv6's own unspecified and loopback
 * addresses, not compatible forms of {@code 0.0.0.0} and {@code 0.0.0.1}. IPv6 addresses that reach an IPv4
 * host through a translator or relay (NAT64, 6to4, Teredo) stay IPv6 here: {@link CarriedIpv4} reads them.
 */
final class IpAddresses {
    private static final int IPV4_BYTES = 4;
    private static final int IPV6_BYTES = 16;
    private static final int EMBEDDED_AT = IPV6_BYTES - IPV4_BYTES;

    private IpAddresses() {
    }

    /** The address's bytes, 4 for IPv4 (including IPv4 carried in IPv6), 16 for the rest of IPv6. */
    static byte[] normalised(InetAddress address) {
        return normalised(address.getAddress());
    }

    static byte[] normalised(byte[] bytes) {
        if (bytes.length == IPV6_BYTES && (isMapped(bytes) || isCompatible(bytes))) {
            return Arrays.copyOfRange(bytes, EMBEDDED_AT, IPV6_BYTES);
        }
        return bytes.clone();
    }

    /** How an operator would write the normalised address: dotted quad, or IPv6's shortest form. */
    static String text(byte[] normalised) {
        try {
            InetAddress address = InetAddress.getByAddress(normalised);
            return address instanceof Inet4Address ? address.getHostAddress() : ipv6Text(normalised);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("an address has 4 or 16 bytes, not " + normalised.length, e);
        }
    }

    /**
     * A canonical IPv4 address: four decimal parts of 0–255 without leading zeros. Anything else, even what
     * a resolver would take ({@code 127.1}, {@code 0x7f.0.0.1}), is not.
     */
    static Optional<byte[]> canonicalIpv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != IPV4_BYTES) {
            return Optional.empty();
        }
        byte[] bytes = new byte[IPV4_BYTES];
        for (int i = 0; i < IPV4_BYTES; i++) {
            String part = parts[i];
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || (part.length() > 1 && part.charAt(0) == '0') || Integer.parseInt(part) > 255) {
                return Optional.empty();
            }
            bytes[i] = (byte) Integer.parseInt(part);
        }
        return Optional.of(bytes);
    }

    /** An IPv6 literal without brackets or zone; the JDK parses text with a colon in brackets without any lookup. */
    static Optional<byte[]> ipv6(String text) {
        if (text.indexOf(':') < 0 || !text.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0)) {
            return Optional.empty();
        }
        try {
            return Optional.of(toSixteenBytes(InetAddress.getByName("[" + text + "]")));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** The JDK turns a mapped IPv6 literal into its IPv4 address; put it back, so the caller decides. */
    private static byte[] toSixteenBytes(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == IPV6_BYTES) {
            return bytes;
        }
        byte[] mapped = new byte[IPV6_BYTES];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        System.arraycopy(bytes, 0, mapped, EMBEDDED_AT, IPV4_BYTES);
        return mapped;
    }

    private static boolean isMapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
    }

    /** {@code ::a.b.c.d}, except {@code ::} and {@code ::1}. */
    private static boolean isCompatible(byte[] bytes) {
        for (int i = 0; i < EMBEDDED_AT; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[12] != 0 || bytes[13] != 0 || bytes[14] != 0 || (bytes[15] & 0xff) > 1;
    }

    private static String ipv6Text(byte[] bytes) {
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int start = 0; start < 8; start++) {
            int length = 0;
            while (start + length < 8 && groups[start + length] == 0) {
                length++;
            }
            if (length > bestLength) {
                bestStart = start;
                bestLength = length;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append(i == 0 ? "::" : ":");
                i += bestLength - 1;
                continue;
            }
            text.append(Integer.toHexString(groups[i]));
            if (i < 7) {
                text.append(':');
            }
        }
        return text.toString();
    }
}
