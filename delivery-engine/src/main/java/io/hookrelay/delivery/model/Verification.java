package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.header.HeaderNames;
import io.hookrelay.delivery.signing.SignatureEncoding;
import io.hookrelay.delivery.signing.StandardWebhooks;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A source's verification settings. The secret is write-only at the API: it is stored and used here but
 * never returned, so it has no place in {@link #toString()} either.
 *
 * <p>Only {@code hmac-sha256} takes a header, prefix and encoding; they default to GitHub's
 * {@code X-Hub-Signature-256}, {@code sha256=} and hex, so a GitHub source needs nothing but its secret. The
 * other schemes fix their headers, and an explicit header there is refused rather than silently ignored.
 * Left out ({@code null}) is the default; given, a value is used as it is, so an empty header is refused
 * rather than taken for the default, while an empty prefix means the signature has none.
 */
public record Verification(VerificationScheme scheme, String secret, String header, String prefix, SignatureEncoding encoding) {
    public static final String GITHUB_HEADER = "X-Hub-Signature-256";
    public static final String GITHUB_PREFIX = "sha256=";
    public static final String STRIPE_HEADER = "Stripe-Signature";
    private static final int MAX_SECRET_CHARS = 512;
    private static final int MAX_HEADER_CHARS = 128;

    public Verification {
        Objects.requireNonNull(scheme, "scheme");
        secret = secret == null ? "" : secret;
        if (scheme == VerificationScheme.HMAC_SHA256) {
            boolean defaultHeader = header == null;
            header = defaultHeader ? GITHUB_HEADER : header;
            prefix = prefix == null ? (defaultHeader ? GITHUB_PREFIX : "") : prefix;
            encoding = encoding == null ? SignatureEncoding.HEX : encoding;
            if (!HeaderNames.isValid(header)) {
                throw new InvalidRequestException("verify.header must be an HTTP header name");
            }
            if (prefix.length() > MAX_HEADER_CHARS || prefix.chars().anyMatch(c -> c < 0x20 || c > 0x7e)) {
                throw new InvalidRequestException("verify.prefix must be printable ASCII of at most " + MAX_HEADER_CHARS + " characters");
            }
        } else {
            if (header != null || prefix != null || encoding != null) {
                throw new InvalidRequestException("verify.header, verify.prefix and verify.encoding apply only to hmac-sha256");
            }
            header = "";
            prefix = "";
            encoding = SignatureEncoding.HEX;
        }
        if (scheme == VerificationScheme.NONE && !secret.isEmpty()) {
            throw new InvalidRequestException("verify.secret makes no sense with scheme none");
        }
        if (scheme != VerificationScheme.NONE && secret.isEmpty()) {
            throw new InvalidRequestException("verify.secret is required for scheme " + scheme.wireName());
        }
        if (secret.length() > MAX_SECRET_CHARS) {
            throw new InvalidRequestException("verify.secret must be at most " + MAX_SECRET_CHARS + " characters");
        }
        if (scheme == VerificationScheme.STANDARD_WEBHOOKS) {
            WebhookSecrets.requireValid(secret, "verify.secret");
        }
    }

    /**
     * The headers this verification reads, lower-cased: they are stored with each event whatever else is left
     * out, so a stored event's signature can be checked again.
     */
    public Set<String> signedHeaders() {
        return switch (scheme) {
            case NONE -> Set.of();
            case STANDARD_WEBHOOKS -> Set.of(StandardWebhooks.ID_HEADER, StandardWebhooks.TIMESTAMP_HEADER, StandardWebhooks.SIGNATURE_HEADER);
            case HMAC_SHA256 -> Set.of(header.toLowerCase(Locale.ROOT));
            case STRIPE -> Set.of(STRIPE_HEADER.toLowerCase(Locale.ROOT));
        };
    }

    public static Verification none() {
        return new Verification(VerificationScheme.NONE, "", null, null, null);
    }

    @Override
    public String toString() {
        return "Verification[scheme=" + scheme.wireName() + ", header=" + header + ", prefix=" + prefix
                + ", encoding=" + encoding.wireName() + ", secret=(hidden)]";
    }
}
