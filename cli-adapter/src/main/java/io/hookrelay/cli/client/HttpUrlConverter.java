package io.hookrelay.cli.client;

import io.hookrelay.cli.common.Defaults;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --url}: the base address of a hookrelay server, which may carry a path prefix when it sits
 * behind a reverse proxy. A query or fragment would be silently lost when API paths are appended, so they
 * are refused.
 */
final class HttpUrlConverter implements ITypeConverter<URI> {
    @Override
    public URI convert(String value) {
        URI url;
        try {
            url = new URI(value.strip());
        } catch (URISyntaxException | NumberFormatException e) {
            // The JDK's parser throws the latter for some IPv6 literals.
            throw notAServerUrl(value);
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null
                || url.getRawQuery() != null || url.getRawFragment() != null) {
            throw notAServerUrl(value);
        }
        return url;
    }

    private static TypeConversionException notAServerUrl(String value) {
        return new TypeConversionException("'" + value + "' is not an http:// or https:// URL without a query, such as "
                + Defaults.SERVER_URL);
    }
}
