package io.hookrelay.http.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import java.util.List;

/**
 * A source as the API shows it. The verification secret is write-only, and this shape has no member that
 * could carry it; {@code header}, {@code prefix} and {@code encoding} appear only for {@code hmac-sha256},
 * the one scheme that has them. {@code idempotency_json_pointer} appears only on a source that has one, so a
 * source without it reads as it did before there was one.
 */
record SourceJson(String id, VerifyJson verify, String idempotencyHeader, EventTypeJson eventType, int maxBodyBytes,
                  List<String> redactHeaders, @JsonInclude(JsonInclude.Include.NON_NULL) String idempotencyJsonPointer,
                  List<String> forwardHeaders) implements Reply.Identified {

    record VerifyJson(String scheme, @JsonInclude(JsonInclude.Include.NON_NULL) String header,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String prefix,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String encoding) {

        static VerifyJson of(Verification verify) {
            if (verify.scheme() != VerificationScheme.HMAC_SHA256) {
                return new VerifyJson(verify.scheme().wireName(), null, null, null);
            }
            return new VerifyJson(verify.scheme().wireName(), verify.header(), verify.prefix(), verify.encoding().wireName());
        }
    }

    /** {@code {"header":…}} or {@code {"json_pointer":…}}. */
    record EventTypeJson(@JsonInclude(JsonInclude.Include.NON_NULL) String header,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String jsonPointer) {

        /** @return null when the source finds no event type, which the API writes as {@code "event_type":null} */
        static EventTypeJson of(EventTypeSource eventType) {
            if (eventType instanceof EventTypeSource.Header header) {
                return new EventTypeJson(header.name(), null);
            }
            if (eventType instanceof EventTypeSource.JsonPointer pointer) {
                return new EventTypeJson(null, pointer.pointer());
            }
            return null;
        }
    }

    static SourceJson of(Source source) {
        return new SourceJson(source.id(), VerifyJson.of(source.verify()), source.idempotencyHeader().orElse(null),
                EventTypeJson.of(source.eventType()), source.maxBodyBytes(), source.redactHeaders(),
                source.idempotencyJsonPointer().orElse(null), source.forwardHeaders());
    }
}
