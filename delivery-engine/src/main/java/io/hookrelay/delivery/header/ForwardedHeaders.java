package io.hookrelay.delivery.header;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The provider headers a source passes on to its targets, such as GitHub's {@code X-GitHub-Event}. Never one
 * that describes a connection rather than the message (hop-by-hop: the relay's own connection has its own), one
 * never stored with the event ({@link HeaderNames#isNeverStored}: a credential, which would hand the provider's or a
 * proxy's secret to every receiver, or the body's coding), a proxy's claim about the client
 * ({@code X-Forwarded-For}: from an unverified source anyone could make it), or one the relay sets on
 * every delivery itself ({@code webhook-*}, {@code x-hookrelay-*}, {@code content-type}, {@code user-agent}),
 * which a receiver must be able to trust came from the relay.
 */
public final class ForwardedHeaders {
    public static final int MOST = 20;
    private static final Set<String> CONNECTION = Set.of("connection", "keep-alive", "proxy-connection", "proxy-authenticate",
            "te", "trailer", "transfer-encoding", "upgrade", "host", "content-length", "expect", "set-cookie");
    /** What proxies say about the client: from an unverified source anyone could claim any address to receivers that trust these. */
    private static final Set<String> PROXY_CLAIMS = Set.of("forwarded", "via", "x-real-ip", "true-client-ip");
    private static final String CONNECTION_HEADER = "connection";
    private static final Set<String> SET_BY_THE_RELAY = Set.of("content-type", "user-agent", HopCount.HEADER, RelayMarker.HEADER);
    private static final List<String> REFUSED_PREFIXES = List.of("webhook-", "x-hookrelay-", "x-forwarded-");

    private ForwardedHeaders() {
    }

    /**
     * @return the names lower-cased, each once, in order
     * @throws InvalidRequestException for more than {@value #MOST} names, one that is no header name, or one never forwarded
     */
    public static List<String> require(List<String> names) {
        List<String> lowerCased = HeaderNames.requireList(names, "forward_headers", MOST);
        for (String name : lowerCased) {
            if (CONNECTION.contains(name) || HeaderNames.isNeverStored(name) || SET_BY_THE_RELAY.contains(name)
                    || PROXY_CLAIMS.contains(name) || REFUSED_PREFIXES.stream().anyMatch(name::startsWith)) {
                throw new InvalidRequestException("forward_headers cannot list " + name
                        + ": hop-by-hop and body-coding headers, credentials, proxies' claims about the client and the headers hookrelay sets "
                        + "itself are never forwarded");
            }
        }
        return lowerCased;
    }

    /**
     * The ones of {@code names} that a stored event's {@code headers} hold, with their values, but for those its
     * {@code Connection} header named: the provider's proxy meant them for one hop, whatever the source lists.
     */
    public static Map<String, String> of(List<String> names, Map<String, String> headers) {
        Set<String> hopByHop = Arrays.stream(headers.getOrDefault(CONNECTION_HEADER, "").split(","))
                .map(token -> token.strip().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        return names.stream().filter(headers::containsKey).filter(name -> !hopByHop.contains(name))
                .collect(Collectors.toUnmodifiableMap(name -> name, headers::get));
    }
}
