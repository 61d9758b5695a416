package io.hookrelay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.delivery.SignatureEncoding;
import io.hookrelay.delivery.VerificationScheme;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay source add|list|show|rm}: the endpoints providers POST webhooks to. */
@Command(
        name = "source",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages sources: the endpoints webhook providers POST to (/hooks/<id>).",
        subcommands = {SourceCommands.AddSource.class, SourceCommands.ListSources.class, SourceCommands.ShowSource.class,
                SourceCommands.RemoveSource.class})
final class SourceCommands {

    @Command(name = "add", description = "Creates a source.")
    static final class AddSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id, also its path /hooks/<id>: [a-z0-9][a-z0-9_-]{0,63}.")
        private String id;

        @ArgGroup(exclusive = false)
        private VerifyOptions verify;

        @ArgGroup
        private IdempotencyOptions idempotency;

        @ArgGroup
        private EventTypeOptions eventType;

        @Option(names = "--max-body-bytes", paramLabel = "N", description = "Largest body accepted (default: 1 MiB).")
        private Integer maxBodyBytes;

        @Option(names = "--redact-header", paramLabel = "HEADER",
                description = "A header never stored with events, besides Authorization, Cookie, Proxy-Authorization, "
                        + "X-Api-Key, X-Auth-Token and X-Gitlab-Token; repeat for more.")
        private List<String> redactHeaders;

        @Option(names = "--forward-header", paramLabel = "HEADER",
                description = "A provider header passed on to targets with every delivery, such as X-GitHub-Event; "
                        + "repeat for more. Never hop-by-hop headers, credentials or hookrelay's own.")
        private List<String> forwardHeaders;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("sources"), new SourceBody(id, verify == null ? null : verify.body(),
                    idempotency == null ? null : idempotency.header, eventType == null ? null : eventType.body(), maxBodyBytes,
                    redactHeaders, idempotency == null ? null : idempotency.jsonPointer, forwardHeaders));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    /** Only {@code --verify} is required among these, and only when another of them is given. */
    static final class VerifyOptions {
        @Option(names = "--verify", required = true, paramLabel = "SCHEME", converter = WireNames.Schemes.class,
                completionCandidates = WireNames.Schemes.class,
                description = "How webhooks prove where they come from: ${COMPLETION-CANDIDATES} (default: none).")
        private VerificationScheme scheme;

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

        VerifyBody body() {
            return new VerifyBody(scheme.wireName(), secret, header, prefix, encoding == null ? null : encoding.wireName());
        }
    }

    /** Where a repeated webhook's key is: one header, or one place in the body, never both. */
    static final class IdempotencyOptions {
        @Option(names = "--idempotency-header", paramLabel = "HEADER",
                description = "Header whose value marks a repeated webhook (default: Idempotency-Key, then webhook-id).")
        private String header;

        @Option(names = "--idempotency-json-pointer", paramLabel = "POINTER",
                description = "Take the key from this JSON pointer into the body instead of a header (Stripe: /id).")
        private String jsonPointer;
    }

    static final class EventTypeOptions {
        @Option(names = "--event-type-header", paramLabel = "HEADER",
                description = "Read each event's type from this header, such as X-GitHub-Event.")
        private String header;

        @Option(names = "--event-type-json-pointer", paramLabel = "POINTER",
                description = "Read each event's type from the JSON body at this pointer, such as /type.")
        private String jsonPointer;

        EventTypeBody body() {
            return new EventTypeBody(header, jsonPointer);
        }
    }

    record SourceBody(String id, VerifyBody verify, String idempotencyHeader, EventTypeBody eventType, Integer maxBodyBytes,
                      List<String> redactHeaders, String idempotencyJsonPointer, List<String> forwardHeaders) {
    }

    record VerifyBody(String scheme, String secret, String header, String prefix, String encoding) {
    }

    record EventTypeBody(String header, String jsonPointer) {
    }

    @Command(name = "list", description = "Lists the sources.")
    static final class ListSources extends AdminCommand {
        @Override
        ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("sources"));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "VERIFY", "EVENT TYPE", "IDEMPOTENCY KEY", "MAX BODY BYTES");
            Listing.print(answer.json(), "no sources", table, source -> new Object[] {
                ApiJson.text(source, "id"), ApiJson.text(source.path("verify"), "scheme"), eventType(source),
                idempotencyKey(source), ApiJson.text(source, "max_body_bytes"),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows one source (never its secret).")
    static final class ShowSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id.")
        private String id;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("sources", id));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "rm", description = "Deletes a source and its routes; its events stay.")
    static final class RemoveSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id.")
        private String id;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("sources", id));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            out.println("deleted source " + id + " and its routes");
        }
    }

    /**
     * The signature settings appear only for hmac-sha256, the one scheme that has them; the idempotency key's
     * header or its pointer into the body, whichever the source has.
     */
    private static TextTable details(JsonNode source) {
        JsonNode verify = source.path("verify");
        TextTable table = new TextTable()
                .row("id", ApiJson.text(source, "id"))
                .row("verify", ApiJson.text(verify, "scheme"));
        if (verify.has("header")) {
            table.row("signature header", ApiJson.text(verify, "header"))
                    .row("signature prefix", ApiJson.text(verify, "prefix"))
                    .row("signature encoding", ApiJson.text(verify, "encoding"));
        }
        if (source.hasNonNull("idempotency_json_pointer")) {
            table.row("idempotency key", idempotencyKey(source));
        } else {
            table.row("idempotency header", ApiJson.text(source, "idempotency_header"));
        }
        return table.row("event type", eventType(source))
                .row("max body bytes", ApiJson.text(source, "max_body_bytes"))
                .row("redacted headers", headerList(source, "redact_headers"))
                .row("forwarded headers", headerList(source, "forward_headers"));
    }

    /** The header a repeated webhook's key is in, or where in its body; "-" for the default headers. */
    private static String idempotencyKey(JsonNode source) {
        return source.hasNonNull("idempotency_json_pointer")
                ? "json pointer " + ApiJson.text(source, "idempotency_json_pointer")
                : ApiJson.text(source, "idempotency_header");
    }

    /** One of the source's header lists; for redactions, the credentials every source leaves out are not repeated here. */
    private static String headerList(JsonNode source, String field) {
        List<String> names = new ArrayList<>();
        source.path(field).forEach(name -> names.add(name.asText()));
        return names.isEmpty() ? null : String.join(", ", names);
    }

    private static String eventType(JsonNode source) {
        JsonNode eventType = source.path("event_type");
        if (eventType.hasNonNull("header")) {
            return "header " + eventType.get("header").asText();
        }
        if (eventType.hasNonNull("json_pointer")) {
            return "json pointer " + eventType.get("json_pointer").asText();
        }
        return null;
    }
}
