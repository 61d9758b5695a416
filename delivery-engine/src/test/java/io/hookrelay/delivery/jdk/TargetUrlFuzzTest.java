package io.hookrelay.delivery.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.egress.HostLiteral;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A target's URL as a client may write it, in any scheme: it is refused with a reason (not a URL, not http or
 * https, no host, user info, a fragment, a port out of range, a numeric host in another form than the canonical one),
 * or a delivery to it goes to the checked address with the URL's port, path and query as written and its host named in
 * {@code Host}.
 */
class TargetUrlFuzzTest {
    private static final String SECRET = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final List<InetAddress> CHECKED = List.of(address("127.0.0.1"), address("::1"));
    /** One client for every destination: building one per host name would start a thread for each. */
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    private static final Pattern DOTTED_QUAD = Pattern.compile("(" + OCTET + "\\.){3}" + OCTET);

    @FuzzTest(maxDuration = "3m")
    void aUrlIsRefusedWithAReasonOrDeliveredToTheCheckedAddressAsWritten(byte[] input) throws SendException {
        URI url;
        try {
            url = Target.parseUrl(new String(input, StandardCharsets.UTF_8));
            new Target("fuzz", url, SECRET, Target.DEFAULT_TIMEOUT, List.of(), 1);
            EgressPolicy.DEFAULT.checkLiteralHost(url);
        } catch (InvalidRequestException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }

        assertThat(url.getScheme().toLowerCase(Locale.ROOT)).isIn("http", "https");
        String host = url.getHost();
        assertThat(HostLiteral.isAddress(host)).isEqualTo(host.startsWith("[") || DOTTED_QUAD.matcher(host).matches());
        for (InetAddress address : CHECKED) {
            PinnedDestinations destinations = new PinnedDestinations(EgressPolicy.DEFAULT, name -> new InetAddress[] {address},
                    timeout -> new SharedClient());
            PinnedDestinations.Destination destination = destinations.of(new WebhookRequest(url, Map.of(), new byte[0], TIMEOUT), TIMEOUT);
            HttpRequest request = destination.newRequest().POST(HttpRequest.BodyPublishers.noBody()).build();

            assertThat(request.uri().getHost())
                    .isEqualTo(address instanceof Inet6Address ? "[" + address.getHostAddress() + "]" : address.getHostAddress());
            assertThat(request.uri().getPort()).isEqualTo(url.getPort());
            assertThat(orEmpty(request.uri().getRawPath())).isEqualTo(orEmpty(url.getRawPath()));
            assertThat(request.uri().getRawQuery()).isEqualTo(url.getRawQuery());
            assertThat(request.headers().firstValue("Host")).hasValueSatisfying(named -> assertThat(named).startsWith(host));
        }
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }

    /** The sender's settings for a client, building none: every destination gets {@link #CLIENT}. */
    private static final class SharedClient implements HttpClient.Builder {
        @Override
        public HttpClient.Builder cookieHandler(CookieHandler handler) {
            return this;
        }

        @Override
        public HttpClient.Builder connectTimeout(Duration duration) {
            return this;
        }

        @Override
        public HttpClient.Builder sslContext(SSLContext context) {
            return this;
        }

        @Override
        public HttpClient.Builder sslParameters(SSLParameters parameters) {
            return this;
        }

        @Override
        public HttpClient.Builder executor(Executor executor) {
            return this;
        }

        @Override
        public HttpClient.Builder followRedirects(HttpClient.Redirect policy) {
            return this;
        }

        @Override
        public HttpClient.Builder version(HttpClient.Version version) {
            return this;
        }

        @Override
        public HttpClient.Builder priority(int priority) {
            return this;
        }

        @Override
        public HttpClient.Builder proxy(ProxySelector proxySelector) {
            return this;
        }

        @Override
        public HttpClient.Builder authenticator(Authenticator authenticator) {
            return this;
        }

        @Override
        public HttpClient build() {
            return CLIENT;
        }
    }
}
