package io.hookrelay.cli.admin;

import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The settings {@code source add} and {@code source update} take alike, verification aside, as a picocli mixin: an
 * option left out is the server's default for a new source, and stays as it is for an existing one. A list given
 * replaces the source's whole list.
 */
final class SourceOptions {
    @ArgGroup
    private Idempotency idempotency;

    @ArgGroup
    private EventType eventType;

    @Option(names = "--max-body-bytes", paramLabel = "N", description = "Largest body accepted (a new source's: 1 MiB).")
    private Integer maxBodyBytes;

    @ArgGroup
    private Redactions redactions;

    @ArgGroup
    private Forwards forwards;

    /** Where a repeated webhook's key is: one header, or one place in the body, never both. */
    static final class Idempotency {
        @Option(names = "--idempotency-header", paramLabel = "HEADER",
                description = "Header whose value marks a repeated webhook (a new source's: Idempotency-Key, then webhook-id).")
        private String header;

        @Option(names = "--idempotency-json-pointer", paramLabel = "POINTER",
                description = "Take the key from this JSON pointer into the body instead of a header (Stripe: /id).")
        private String jsonPointer;

        /** Nothing to read: given, it is the other two that are not. */
        @Option(names = "--default-idempotency-key", description = "Take the key from Idempotency-Key, then webhook-id, "
                + "as a new source does.")
        private boolean defaults;
    }

    static final class EventType {
        @Option(names = "--event-type-header", paramLabel = "HEADER",
                description = "Read each event's type from this header, such as X-GitHub-Event.")
        private String header;

        @Option(names = "--event-type-json-pointer", paramLabel = "POINTER",
                description = "Read each event's type from the JSON body at this pointer, such as /type.")
        private String jsonPointer;

        @Option(names = "--no-event-type", description = "Give events no type, as a new source does.")
        private boolean none;

        SourceBody.EventTypeBody body() {
            return none ? null : new SourceBody.EventTypeBody(header, jsonPointer);
        }
    }

    static final class Redactions {
        @Option(names = "--redact-header", paramLabel = "HEADER",
                description = "A header never stored with events, besides Authorization, Cookie, Proxy-Authorization, "
                        + "X-Api-Key, X-Auth-Token and X-Gitlab-Token; repeat for more.")
        private List<String> names;

        @Option(names = "--no-redact-headers",
                description = "Leave out only the credentials every source leaves out, as a new source does.")
        private boolean none;
    }

    static final class Forwards {
        @Option(names = "--forward-header", paramLabel = "HEADER",
                description = "A provider header passed on to targets with every delivery, such as X-GitHub-Event; "
                        + "repeat for more. Never hop-by-hop headers, credentials or hookrelay's own.")
        private List<String> names;

        @Option(names = "--no-forward-headers", description = "Pass on no provider header, as a new source does.")
        private boolean none;
    }

    /** {@code kept} with every option given in its place, verifying as {@code verify} says. */
    SourceBody applyTo(SourceBody kept, SourceBody.VerifyBody verify) {
        return new SourceBody(kept.id(), verify, idempotency == null ? kept.idempotencyHeader() : idempotency.header,
                eventType == null ? kept.eventType() : eventType.body(),
                Optional.ofNullable(maxBodyBytes).orElse(kept.maxBodyBytes()),
                redactions == null ? kept.redactHeaders() : headers(redactions.none, redactions.names),
                idempotency == null ? kept.idempotencyJsonPointer() : idempotency.jsonPointer,
                forwards == null ? kept.forwardHeaders() : headers(forwards.none, forwards.names));
    }

    private static List<String> headers(boolean none, List<String> names) {
        return none ? List.of() : names;
    }
}
