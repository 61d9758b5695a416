package io.hookrelay.delivery.jdk;

import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.egress.HostLiteral;
import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Where a delivery really goes (DESIGN §4, egress guard). The target's host is resolved here and every address
 * it resolves to is checked against the egress policy; the request is then sent to the first of them written
 * as a literal address, so the JDK's client never resolves the name again and cannot be sent elsewhere
 * between the check and the connection (DNS rebinding). The receiver still sees its own name: the request
 * carries it as {@code Host}, and an {@code https} connection's TLS is the name's ({@link HostNamedTls}).
 *
 * <p>The JDK's client refuses a {@code Host} header unless {@value #ALLOW_RESTRICTED_HEADERS} lists it when
 * the client's classes initialise, which is why loading this class adds {@code host} to that property (the
 * JVM's {@code -D} value kept). Code that used the JDK's client earlier in the same JVM would have fixed the
 * property's value before: the constructor then fails at once, saying so, rather than every delivery later.
 *
 * <p>Plain {@code http} shares a client per connect timeout: its connections are to an address and port, and
 * each request says which host it is for. An {@code https} host name has clients of its own, since a TLS
 * connection belongs to one name however many names share its address.
 */
final class PinnedDestinations {
    static final String ALLOW_RESTRICTED_HEADERS = "jdk.httpclient.allowRestrictedHeaders";
    private static final String HOST = "host";

    static {
        String allowed = System.getProperty(ALLOW_RESTRICTED_HEADERS, "").strip();
        if (Arrays.stream(allowed.split(",")).noneMatch(HOST::equalsIgnoreCase)) {
            System.setProperty(ALLOW_RESTRICTED_HEADERS, allowed.isEmpty() ? HOST : allowed + "," + HOST);
        }
    }

    /** How a host's addresses are found; the JDK's resolver, but for tests that must control the answers. */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** A client is the same for every request with the same TLS host name (none for plain http) and connect timeout. */
    private record ClientKey(Optional<String> tlsHostName, Duration connectTimeout) {
    }

    /** The checked address's URI, the header naming the target's host, and the client to send with. */
    record Destination(URI uri, String hostHeader, HttpClient client) {
        /** A request builder for this destination, its {@code Host} set. */
        HttpRequest.Builder newRequest() {
            return HttpRequest.newBuilder(uri).header("Host", hostHeader);
        }
    }

    private final EgressPolicy policy;
    private final Resolver resolver;
    private final Function<Duration, HttpClient.Builder> clientSettings;
    private final Map<ClientKey, HttpClient> clients = new ConcurrentHashMap<>();

    /**
     * @param clientSettings the sender's settings for a client with the given connect timeout; TLS is added here
     * @throws IllegalStateException when the JDK's client was initialised before the {@code Host} header could
     *                               be allowed
     */
    PinnedDestinations(EgressPolicy policy, Resolver resolver, Function<Duration, HttpClient.Builder> clientSettings) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.clientSettings = Objects.requireNonNull(clientSettings, "clientSettings");
        try {
            HttpRequest.newBuilder().header("Host", "hookrelay.invalid");
        } catch (IllegalArgumentException restricted) {
            throw new IllegalStateException("the JDK's HTTP client was initialised before hookrelay could allow the Host header; "
                    + "start the JVM with -D" + ALLOW_RESTRICTED_HEADERS + "=" + HOST, restricted);
        }
    }

    /**
     * Resolves the request's host and checks every address.
     *
     * @throws SendException {@code egress_denied} when any address is denied, {@code connect_error} when the
     *                       host does not resolve; messages name the host and port, never the URL
     */
    Destination of(WebhookRequest request, Duration connectTimeout) throws SendException {
        URI url = request.url();
        String host = url.getHost();
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            throw SendFailures.of(request, e);
        }
        for (InetAddress address : addresses) {
            Optional<String> refusal = policy.refusal(address);
            if (refusal.isPresent()) {
                throw new SendException(DeliveryAttemptOutcome.EGRESS_DENIED,
                        "will not connect to " + url.getRawAuthority() + ": " + refusal.get(), null);
            }
        }
        Optional<String> tlsHostName = url.getScheme().equalsIgnoreCase("https") && !HostLiteral.isAddress(host)
                ? Optional.of(host) : Optional.empty();
        HttpClient client = clients.computeIfAbsent(new ClientKey(tlsHostName, connectTimeout), this::newClient);
        return new Destination(pinned(url, addresses[0]), hostHeader(url), client);
    }

    private HttpClient newClient(ClientKey key) {
        HttpClient.Builder builder = clientSettings.apply(key.connectTimeout());
        key.tlsHostName().ifPresent(name -> builder.sslContext(HostNamedTls.context(name)).sslParameters(HostNamedTls.parameters(name)));
        return builder.build();
    }

    /** The URL with its host replaced by the address, scope left out; path and query exactly as they were. */
    private static URI pinned(URI url, InetAddress address) {
        String literal = address.getHostAddress();
        if (address instanceof Inet6Address) {
            int scope = literal.indexOf('%');
            literal = "[" + (scope < 0 ? literal : literal.substring(0, scope)) + "]";
        }
        StringBuilder pinned = new StringBuilder(url.getScheme().toLowerCase(Locale.ROOT)).append("://").append(literal);
        if (url.getPort() != -1) {
            pinned.append(':').append(url.getPort());
        }
        pinned.append(url.getRawPath() == null ? "" : url.getRawPath());
        if (url.getRawQuery() != null) {
            pinned.append('?').append(url.getRawQuery());
        }
        return URI.create(pinned.toString());
    }

    /** As the JDK writes it: the port only when it is not the scheme's own. */
    private static String hostHeader(URI url) {
        int defaultPort = url.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        return url.getPort() == -1 || url.getPort() == defaultPort ? url.getHost() : url.getHost() + ":" + url.getPort();
    }
}
