package io.hookrelay.http.api;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SignatureEncoding;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A source as a client writes it, for {@code POST /api/v1/sources} and {@code PUT /api/v1/sources/{id}}.
 * Everything but {@code id} is optional; what is left out takes the default, so a PUT is always the whole
 * source. The domain's {@link Source} checks the values; this only maps names and shapes.
 */
record SourceRequest(String id, VerifyRequest verify, String idempotencyHeader, EventTypeRequest eventType, Integer maxBodyBytes,
                     List<String> redactHeaders, String idempotencyJsonPointer, List<String> forwardHeaders) {

    record VerifyRequest(String scheme, String secret, String header, String prefix, String encoding) {
        private static final String SCHEMES =
                Arrays.stream(VerificationScheme.values()).map(VerificationScheme::wireName).collect(Collectors.joining(", "));
        private static final String ENCODINGS =
                Arrays.stream(SignatureEncoding.values()).map(SignatureEncoding::wireName).collect(Collectors.joining(", "));

        Verification toVerification() {
            VerificationScheme parsedScheme = VerificationScheme.fromWireName(Fields.required(scheme, "verify.scheme"))
                    .orElseThrow(() -> new InvalidRequestException("verify.scheme must be one of " + SCHEMES));
            SignatureEncoding parsedEncoding = encoding == null ? null : SignatureEncoding.fromWireName(encoding)
                    .orElseThrow(() -> new InvalidRequestException("verify.encoding must be one of " + ENCODINGS));
            return new Verification(parsedScheme, secret, header, prefix, parsedEncoding);
        }

        @Override
        public String toString() {
            return "VerifyRequest[scheme=" + scheme + ", secret=(hidden)]";
        }
    }

    /** Exactly one of the two: the event type comes from a header or from the body, never both. */
    record EventTypeRequest(String header, String jsonPointer) {
        EventTypeSource toEventTypeSource() {
            if (header != null && jsonPointer != null) {
                throw new InvalidRequestException("event_type takes header or json_pointer, not both");
            }
            if (header != null) {
                return new EventTypeSource.Header(header);
            }
            if (jsonPointer != null) {
                return new EventTypeSource.JsonPointer(jsonPointer);
            }
            throw new InvalidRequestException("event_type needs header or json_pointer");
        }
    }

    /** The source a create asks for; its id comes from the body. */
    Source toSource() {
        return toSource(Fields.required(id, "id"));
    }

    /** The source a replace asks for; its id is the path's. */
    Source toReplacement(String pathId) {
        return toSource(Fields.pathId(id, pathId));
    }

    private Source toSource(String sourceId) {
        return new Source(sourceId,
                verify == null ? Verification.none() : verify.toVerification(),
                Optional.ofNullable(idempotencyHeader),
                eventType == null ? new EventTypeSource.None() : eventType.toEventTypeSource(),
                maxBodyBytes == null ? Source.DEFAULT_MAX_BODY_BYTES : maxBodyBytes,
                redactHeaders == null ? List.of() : redactHeaders,
                Optional.ofNullable(idempotencyJsonPointer),
                forwardHeaders == null ? List.of() : forwardHeaders);
    }
}
