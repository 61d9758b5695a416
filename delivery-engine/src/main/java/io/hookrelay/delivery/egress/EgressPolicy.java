package io.hookrelay.delivery.egress;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.net.InetAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which addresses deliveries may go to (DESIGN §4, egress guard). An address is reachable when it is in one
 * of {@code allowOnly}'s ranges (or {@code allowOnly} is empty) and in none of {@code denied}'s: a denial
 * always wins, so allowing a block never reopens the cloud metadata service inside it. Addresses are
 * compared normalised ({@link IpAddresses}), and IPv4 ranges only match IPv4 addresses.
 *
 * <p>Loopback and the private ranges are reachable by default: a single-tenant relay delivers to services
 * beside it. Multi-tenant operators deny the private ranges themselves ({@code --deny-targets}).
 *
 * @param allowOnly the ranges deliveries are confined to; empty for every address that is not denied
 * @param denied    {@link #ALWAYS_DENIED} and the operator's own
 */
public record EgressPolicy(List<AddressRange> allowOnly, List<AddressRange> denied) {
    /**
     * Link-local (where the cloud metadata services live) and the unspecified addresses, which reach this
     * host; AWS's IPv6 metadata address; Alibaba Cloud's metadata address, which is outside link-local.
     */
    public static final List<AddressRange> ALWAYS_DENIED = Stream.of(
                    "169.254.0.0/16", "fe80::/10", "0.0.0.0/8", "::/128", "fd00:ec2::254/128", "100.100.100.200/32")
            .map(AddressRange::parse).toList();
    public static final EgressPolicy DEFAULT = of(List.of(), List.of());

    public EgressPolicy {
        allowOnly = List.copyOf(allowOnly);
        denied = List.copyOf(denied);
        if (!denied.containsAll(ALWAYS_DENIED)) {
            throw new IllegalArgumentException("the default denied ranges are always denied");
        }
    }

    /** The default denials and {@code alsoDenied}; confined to {@code allowOnly} unless it is empty. */
    public static EgressPolicy of(List<AddressRange> allowOnly, List<AddressRange> alsoDenied) {
        List<AddressRange> denied = new ArrayList<>(ALWAYS_DENIED);
        denied.addAll(alsoDenied);
        return new EgressPolicy(allowOnly, denied);
    }

    /**
     * Ranges separated by commas, as the command line and environment give them; blank is none.
     *
     * @throws IllegalArgumentException naming the first range that is not one
     */
    public static List<AddressRange> parseList(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) {
            return List.of();
        }
        return Arrays.stream(commaSeparated.split(",", -1)).map(AddressRange::parse).toList();
    }

    /** Why deliveries may not go to {@code address}; empty when they may. */
    public Optional<String> refusal(InetAddress address) {
        return refusal(IpAddresses.normalised(address));
    }

    /**
     * An address that carries IPv4 ones ({@link CarriedIpv4}) is refused when it is, or when any IPv4 address it
     * may carry is: allowing a range of IPv6 translators never reopens what they reach.
     */
    private Optional<String> refusal(byte[] normalised) {
        return refusalOf(normalised).or(() -> CarriedIpv4.in(normalised).stream()
                .map(carried -> refusalOf(carried).map(why -> IpAddresses.text(normalised) + " carries an IPv4 address: " + why))
                .flatMap(Optional::stream).findFirst());
    }

    private Optional<String> refusalOf(byte[] normalised) {
        String address = IpAddresses.text(normalised);
        Optional<AddressRange> deniedBy = denied.stream().filter(range -> range.contains(normalised)).findFirst();
        if (deniedBy.isPresent()) {
            return Optional.of(address + " is in " + deniedBy.get() + ", which the egress policy denies");
        }
        if (!allowOnly.isEmpty() && allowOnly.stream().noneMatch(range -> range.contains(normalised))) {
            return Optional.of(address + " is outside the ranges the egress policy allows");
        }
        return Optional.empty();
    }

    /**
     * Refuses a target URL whose host is an address deliveries may not go to, or a numeric host in any form
     * but the canonical one ({@link HostLiteral}). A host name passes: what it resolves to is checked at
     * every attempt.
     *
     * @throws InvalidRequestException {@code egress_denied} for a denied address, {@code invalid_request}
     *                                 for a numeric host that is not a canonical address
     */
    public void checkLiteralHost(URI url) {
        Objects.requireNonNull(url, "url");
        if (url.getHost() == null) {
            return;
        }
        HostLiteral.of(url.getHost()).map(IpAddresses::normalised).flatMap(this::refusal).ifPresent(why -> {
            throw new InvalidRequestException("egress_denied", "url host: " + why);
        });
    }
}
