package io.hookrelay.delivery.egress;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.Locale;
import java.util.Optional;

/**
 * The address a URL's host spells, if it spells one. A host whose last label is a number is an IPv4 address
 * to a resolver, which reads it as {@code inet_aton} does: one to four parts, each decimal, {@code 0x} hex or
 * {@code 0} octal, so {@code 2130706433}, {@code 0x7f000001}, {@code 0177.0.0.1} and {@code 127.1} are all
 * {@code 127.0.0.1} to it. Resolvers disagree on those forms (the JDK reads {@code 0177.0.0.1} as
 * {@code 177.0.0.1}), so only the canonical dotted quad is taken; any other numeric host is refused, naming
 * the address a resolver would have made of it.
 */
public final class HostLiteral {
    private static final int IPV4_PARTS = 4;

    private HostLiteral() {
    }

    /**
     * @param host as {@link java.net.URI#getHost()} gives it: IPv6 in brackets, possibly with a zone
     * @return the literal address's bytes, not yet normalised; empty for a host name
     * @throws InvalidRequestException when the host is numeric but not a canonical address
     */
    static Optional<byte[]> of(String host) {
        if (host.startsWith("[") && host.endsWith("]")) {
            String inside = host.substring(1, host.length() - 1);
            int zone = inside.indexOf('%');
            String address = zone < 0 ? inside : inside.substring(0, zone);
            return Optional.of(IpAddresses.ipv6(address)
                    .orElseThrow(() -> new InvalidRequestException("url host " + host + " is not an IPv6 address")));
        }
        Optional<byte[]> canonical = IpAddresses.canonicalIpv4(host);
        if (canonical.isPresent() || !endsInNumber(host)) {
            return canonical;
        }
        Optional<byte[]> asResolved = resolverReading(host);
        throw new InvalidRequestException(asResolved
                .map(bytes -> "url host " + host + " is an IPv4 address in a non-standard form; write it as " + IpAddresses.text(bytes))
                .orElseGet(() -> "url host " + host + " ends in a number but is not an IPv4 address"));
    }

    /**
     * Whether a URL's host is written as an address rather than a name: in brackets, or ending in a number.
     * A name is what TLS sends as the server's name and checks the certificate against; an address is not.
     */
    public static boolean isAddress(String host) {
        return host.startsWith("[") || endsInNumber(host);
    }

    /** A last label (a trailing dot aside) of digits, or {@code 0x} and hex digits: what makes a host numeric. */
    private static boolean endsInNumber(String host) {
        String trimmed = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String last = trimmed.substring(trimmed.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        if (last.startsWith("0x")) {
            return last.chars().skip(2).allMatch(c -> Character.digit(c, 16) >= 0);
        }
        return !last.isEmpty() && last.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** The address {@code inet_aton} makes of {@code host}, if it makes one. */
    static Optional<byte[]> resolverReading(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length > IPV4_PARTS) {
            return Optional.empty();
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Optional<Long> value = partValue(parts[i]);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            values[i] = value.get();
        }
        long address = 0;
        for (int i = 0; i < values.length - 1; i++) {
            if (values[i] > 0xff) {
                return Optional.empty();
            }
            address |= values[i] << (8 * (IPV4_PARTS - 1 - i));
        }
        long last = values[values.length - 1];
        if (last >= 1L << (8 * (IPV4_PARTS - values.length + 1))) {
            return Optional.empty();
        }
        address |= last;
        return Optional.of(new byte[] {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address});
    }

    private static Optional<Long> partValue(String part) {
        String lower = part.toLowerCase(Locale.ROOT);
        int radix = 10;
        String digits = lower;
        if (lower.startsWith("0x")) {
            radix = 16;
            digits = lower.substring(2);
        } else if (lower.length() > 1 && lower.startsWith("0")) {
            radix = 8;
            digits = lower.substring(1);
        }
        int base = radix;
        if (digits.isEmpty() || digits.length() > 11 || !digits.chars().allMatch(c -> Character.digit(c, base) >= 0)) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(digits, radix));
    }
}
