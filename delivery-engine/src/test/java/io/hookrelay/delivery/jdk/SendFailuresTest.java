package io.hookrelay.delivery.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** The cause chains below are the ones the JDK's HttpClient completes a failed exchange with. */
class SendFailuresTest {
    private static final URI URL = URI.create("https://receiver.example:8443/hooks/orders?token=s3cret");

    @Test
    void aRefusedConnectionIsAConnectError() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), chain(new ConnectException(), new ClosedChannelException()));

        assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(failure).hasMessage("could not connect to receiver.example:8443");
    }

    @Test
    void aConnectFailureThatSaysWhyIsQuoted() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), new ConnectException("No route to host"));

        assertThat(failure).hasMessage("could not connect to receiver.example:8443 (No route to host)");
    }

    @Test
    void anUnknownHostIsAConnectError() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), chain(new ConnectException(), new UnresolvedAddressException()));

        assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(failure).hasMessage("could not connect to receiver.example:8443: unknown host");
    }

    @Test
    void aConnectTimeoutIsAConnectErrorAfterAtMostTenSeconds() {
        HttpConnectTimeoutException connectTimeout = new HttpConnectTimeoutException("HTTP connect timed out");

        SendException slowTarget = SendFailures.of(request(Duration.ofSeconds(30)), connectTimeout);
        SendException quickTarget = SendFailures.of(request(Duration.ofSeconds(2)), connectTimeout);

        assertThat(slowTarget.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(slowTarget).hasMessage("could not connect to receiver.example:8443 within 10000 ms");
        assertThat(quickTarget).hasMessage("could not connect to receiver.example:8443 within 2000 ms");
    }

    @Test
    void noAnswerInTimeIsATimeout() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), new HttpTimeoutException("request timed out"));

        assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.TIMEOUT);
        assertThat(failure).hasMessage("no response within 15000 ms");
    }

    @Test
    void anExchangeBrokenAfterConnectingIsAnIoError() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), new EOFException("EOF reached while reading"));

        assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.IO_ERROR);
        assertThat(failure).hasMessage("exchange with receiver.example:8443 failed (EOF reached while reading)");
    }

    /** Nothing was sent over a handshake that failed, as over a refused connection. */
    @Test
    void aFailedTlsHandshakeIsAConnectErrorThatSaysWhy() {
        SendException untrusted = SendFailures.of(request(Duration.ofSeconds(15)),
                chain(new SSLHandshakeException("PKIX path building failed: unable to find valid certification path"),
                        new CertPathBuilderException("unable to find valid certification path to requested target")));
        SendException wrapped = SendFailures.of(request(Duration.ofSeconds(15)),
                chain(new IOException(), new SSLHandshakeException("Received fatal alert: handshake_failure")));

        assertThat(untrusted.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(untrusted).hasMessage("could not connect to receiver.example:8443: TLS handshake failed"
                + " (unable to find valid certification path to requested target)");
        assertThat(wrapped.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(wrapped).hasMessage("could not connect to receiver.example:8443: TLS handshake failed (Received fatal alert: handshake_failure)");
    }

    @Test
    void aTlsFailureAfterTheHandshakeIsAnIoError() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), new SSLException("Tag mismatch"));

        assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.IO_ERROR);
        assertThat(failure).hasMessage("exchange with receiver.example:8443 failed (Tag mismatch)");
    }

    @Test
    void aSilentFailureIsNamedByItsType() {
        SendException failure = SendFailures.of(request(Duration.ofSeconds(15)), chain(new IOException(), new ClosedChannelException()));

        assertThat(failure).hasMessage("exchange with receiver.example:8443 failed (ClosedChannelException)");
    }

    @Test
    void messagesNeverCarryThePathOrQuery() {
        for (Throwable cause : new Throwable[] {new ConnectException(), new HttpTimeoutException("t"), new IOException("x"),
                new SSLHandshakeException("PKIX path building failed")}) {
            assertThat(SendFailures.of(request(Duration.ofSeconds(15)), cause).getMessage())
                    .doesNotContain("s3cret").doesNotContain("/hooks");
        }
    }

    private static WebhookRequest request(Duration timeout) {
        return new WebhookRequest(URL, Map.of(), new byte[0], timeout);
    }

    private static Throwable chain(Throwable outer, Throwable inner) {
        outer.initCause(inner);
        return outer;
    }
}
