package io.hookrelay.delivery.jdk;

import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * TLS for a connection made to an address on behalf of a host name. The JDK's client names the peer after
 * the request's URI, which is the address ({@link PinnedDestinations}); this context makes every engine for the
 * host name instead, and the parameters send it as the server name (SNI). The JDK's trust manager checks the
 * certificate against the SNI name and, if that fails, against the engine's peer host: both are the host
 * name, so a certificate that names only the address does not pass for it.
 */
final class HostNamedTls {
    private HostNamedTls() {
    }

    /** The JVM's default TLS (its trust store, protocols and sessions), for {@code hostName}'s connections. */
    static SSLContext context(String hostName) {
        return new HostNamedContext(defaultContext(), hostName);
    }

    /** The default parameters with {@code hostName} as the server name, unless it is not a valid one. */
    static SSLParameters parameters(String hostName) {
        SSLParameters parameters = defaultContext().getDefaultSSLParameters();
        try {
            parameters.setServerNames(List.of(new SNIHostName(hostName)));
        } catch (IllegalArgumentException notAServerName) {
            // Not a name SNI can carry (an underscore, say): the handshake goes without SNI, and the
            // certificate is still checked against the host name as the engine's peer.
        }
        return parameters;
    }

    private static SSLContext defaultContext() {
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no default TLS", e);
        }
    }

    private static final class HostNamedContext extends SSLContext {
        HostNamedContext(SSLContext delegate, String hostName) {
            super(new HostNamedSpi(delegate, hostName), delegate.getProvider(), delegate.getProtocol());
        }
    }

    private static final class HostNamedSpi extends SSLContextSpi {
        private final SSLContext delegate;
        private final String hostName;

        HostNamedSpi(SSLContext delegate, String hostName) {
            this.delegate = delegate;
            this.hostName = hostName;
        }

        @Override
        protected void engineInit(KeyManager[] keys, TrustManager[] trust, SecureRandom random) throws KeyManagementException {
            throw new KeyManagementException("the default context is initialised already");
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String addressAsNamed, int port) {
            return delegate.createSSLEngine(hostName, port);
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return delegate.createSSLEngine(hostName, -1);
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return delegate.getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return delegate.getServerSocketFactory();
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return delegate.getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return delegate.getClientSessionContext();
        }

        @Override
        protected SSLParameters engineGetDefaultSSLParameters() {
            return delegate.getDefaultSSLParameters();
        }

        @Override
        protected SSLParameters engineGetSupportedSSLParameters() {
            return delegate.getSupportedSSLParameters();
        }
    }
}
