package io.hookrelay.delivery.egress;

import java.util.ArrayList;
import java.util.List;

/**
 * The IPv4 addresses an IPv6 address hands to a translator or relay, which then reaches them: where a network
 * has NAT64 (an IPv6-only cloud subnet), {@code 64:ff9b::169.254.169.254} is the metadata service. The egress
 * policy judges such an address by each IPv4 address it may carry as well as by itself. Mapped and compatible
 * addresses are not here: they are spellings of the IPv4 address, which {@link IpAddresses#normalised} gives.
 */
final class CarriedIpv4 {
    /** An IPv6 prefix that carries IPv4, with the byte positions it may carry one at. */
    private record Form(byte[] prefix, int[][] layouts, boolean inverted) {
    }

    private static final int[] LAST_FOUR = {12, 13, 14, 15};

    private static final List<Form> FORMS = List.of(
            // IPv4-translated, ::ffff:0:a.b.c.d (RFC 2765).
            new Form(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0), new int[][] {LAST_FOUR}, false),
            // NAT64's well-known prefix, 64:ff9b::/96, which RFC 6052 allows only as a /96.
            new Form(bytes(0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0), new int[][] {LAST_FOUR}, false),
            // NAT64's local-use prefix, 64:ff9b:1::/48 (RFC 8215): a network picks a /48, /56, /64 or /96 inside
            // it, each with its own layout (RFC 6052 §2.2, byte 8 left out), and which one is not ours to know.
            new Form(bytes(0, 0x64, 0xff, 0x9b, 0, 1), new int[][] {{6, 7, 9, 10}, {7, 9, 10, 11}, {9, 10, 11, 12}, LAST_FOUR},
                    false),
            // 6to4, 2002:a.b.c.d::/48 (RFC 3056).
            new Form(bytes(0x20, 0x02), new int[][] {{2, 3, 4, 5}}, false),
            // Teredo, 2001::/32 (RFC 4380): the client's address, each bit inverted, in the last four bytes.
            new Form(bytes(0x20, 0x01, 0, 0), new int[][] {LAST_FOUR}, true));

    private CarriedIpv4() {
    }

    /** The IPv4 addresses {@code address}, 16 bytes, may carry; none when it is in no such prefix. */
    static List<byte[]> in(byte[] address) {
        List<byte[]> carried = new ArrayList<>();
        if (address.length != 16) {
            return carried;
        }
        for (Form form : FORMS) {
            if (startsWith(address, form.prefix())) {
                for (int[] layout : form.layouts()) {
                    byte[] ipv4 = new byte[4];
                    for (int i = 0; i < ipv4.length; i++) {
                        ipv4[i] = (byte) (form.inverted() ? ~address[layout[i]] : address[layout[i]]);
                    }
                    carried.add(ipv4);
                }
            }
        }
        return carried;
    }

    private static boolean startsWith(byte[] address, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (address[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }
}
