package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SignatureEncoding;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Option;

/** How a source checks where its webhooks come from, as {@code source add} and {@code source update} take it. */
final class VerifyOptions {
    private VerifyOptions() {
    }

    /** For add, as an argument group: only {@code --verify} is required among these, and only when another is given. */
    static final class New {
        @Option(names = "--verify", required = true, paramLabel = "SCHEME", converter = WireNames.Schemes.class,
                completionCandidates = WireNames.Schemes.class,
                description = "How webhooks prove where they come from: ${COMPLETION-CANDIDATES} (default: none).")
        private VerificationScheme scheme;

        @ArgGroup(exclusive = false)
        private Settings settings = new Settings();

        SourceBody.VerifyBody body() {
            return settings.body(scheme.wireName(), MissingNode.getInstance());
        }
    }

    /**
     * For update, as a mixin: the source's scheme stays unless {@code --verify} names another, and so do its signature
     * settings unless given. The secret must be given again for any scheme but none, since the server never shows it
     * and a replace is the whole source.
     */
    static final class Change {
        @Option(names = "--verify", paramLabel = "SCHEME", converter = WireNames.Schemes.class,
                completionCandidates = WireNames.Schemes.class,
                description = "How webhooks prove where they come from: ${COMPLETION-CANDIDATES} (default: the source's own).")
        private VerificationScheme scheme;

        @ArgGroup(exclusive = false)
        private Settings settings = new Settings();

        /**
         * @param shown the source's {@code verify} as the API shows it
         * @throws CommandFailedException when the scheme needs a secret and none was given
         */
        SourceBody.VerifyBody body(String sourceId, JsonNode shown) {
            String current = ApiJson.text(shown, "scheme");
            String chosen = scheme == null ? current : scheme.wireName();
            if (settings.secret == null && !VerificationScheme.NONE.wireName().equals(chosen)) {
                throw new CommandFailedException(ExitCode.USAGE, "source " + sourceId + " verifies with " + chosen
                        + ", whose secret the server never shows: give it again with --secret, as an update sends the whole source");
            }
            return settings.body(chosen, chosen.equals(current) ? shown : MissingNode.getInstance());
        }
    }

    static final class Settings {
        @Option(names = "--secret", paramLabel = "SECRET",
                description = "The secret the provider signs with (whsec_… for standard-webhooks).")
        private String secret;

        @Option(names = "--signature-header", paramLabel = "HEADER",
                description = "hmac-sha256 only: the header with the signature (default: X-Hub-Signature-256).")
        private String header;

        @Option(names = "--signature-prefix", paramLabel = "PREFIX",
                description = "hmac-sha256 only: text before the digest (default: sha256= with the default header).")
        private String prefix;

        @Option(names = "--signature-encoding", paramLabel = "ENCODING", converter = WireNames.Encodings.class,
                completionCandidates = WireNames.Encodings.class,
                description = "hmac-sha256 only: how the digest is written, ${COMPLETION-CANDIDATES} (default: hex).")
        private SignatureEncoding encoding;

        /** The settings given, and for those not given, {@code kept}'s (the source's own, when it keeps its scheme). */
        private SourceBody.VerifyBody body(String scheme, JsonNode kept) {
            return new SourceBody.VerifyBody(scheme, secret, Optional.ofNullable(header).orElse(ApiJson.text(kept, "header")),
                    Optional.ofNullable(prefix).orElse(ApiJson.text(kept, "prefix")),
                    encoding == null ? ApiJson.text(kept, "encoding") : encoding.wireName());
        }
    }
}
