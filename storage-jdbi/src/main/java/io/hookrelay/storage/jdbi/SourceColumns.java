package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.delivery.signing.SignatureEncoding;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How a {@link Source} is stored: one row of flat values by column name, its verification secret sealed.
 * Both directions live here so that every store adapter lays a source out the same way; an adapter supplies
 * only its database's form of a list (see {@link StoredForms}).
 */
public final class SourceColumns {
    /** The columns {@link #read} reads. */
    public static final String NAMES = """
            id, verify_scheme, verify_secret, verify_header, verify_prefix, verify_encoding, idempotency_header,
            event_type_header, event_type_json_pointer, max_body_bytes, redact_headers, idempotency_json_pointer, forward_headers""";

    private SourceColumns() {
    }

    /**
     * The values a source is inserted or updated with, by column name, and {@code now} for its times: one
     * reading of a source for both.
     */
    public static Map<String, Object> values(Source source, StoredForms<?> forms, SecretCipher secrets, Instant now) {
        Verification verify = source.verify();
        Map<String, Object> columns = new HashMap<>();
        columns.put("id", source.id());
        columns.put("verify_scheme", verify.scheme().wireName());
        columns.put("verify_secret", secrets.seal(verify.secret()));
        columns.put("verify_header", verify.header());
        columns.put("verify_prefix", verify.prefix());
        columns.put("verify_encoding", verify.encoding().wireName());
        columns.put("idempotency_header", source.idempotencyHeader().orElse(null));
        columns.put("event_type_header",
                source.eventType() instanceof EventTypeSource.Header header ? header.name() : null);
        columns.put("event_type_json_pointer",
                source.eventType() instanceof EventTypeSource.JsonPointer pointer ? pointer.pointer() : null);
        columns.put("max_body_bytes", source.maxBodyBytes());
        columns.put("redact_headers", forms.ofTexts(source.redactHeaders()));
        columns.put("idempotency_json_pointer", source.idempotencyJsonPointer().orElse(null));
        columns.put("forward_headers", forms.ofTexts(source.forwardHeaders()));
        columns.put("now", now.toEpochMilli());
        return columns;
    }

    /**
     * A row with both an idempotency header and a pointer, which a node of the version before pointers can leave
     * by replacing a source's header without knowing of its pointer, reads as the pointer alone.
     *
     * @throws IllegalStateException when a stored scheme or encoding is none this version knows, or the
     *                               secret does not open
     */
    public static <X extends Exception> Source read(StoredRow<X> row, StoredForms<X> forms, SecretCipher secrets) throws X {
        Optional<String> idempotencyPointer = Optional.ofNullable(row.text("idempotency_json_pointer"));
        return new Source(
                row.text("id"),
                verification(row, secrets),
                idempotencyPointer.isPresent() ? Optional.empty() : Optional.ofNullable(row.text("idempotency_header")),
                eventTypeSource(row),
                row.integer("max_body_bytes"),
                forms.texts(row.value("redact_headers")),
                idempotencyPointer,
                forms.texts(row.value("forward_headers")));
    }

    /**
     * Only {@code hmac-sha256} has a header, prefix and encoding of its own; the other schemes refuse them,
     * so their stored placeholders are not handed back.
     */
    private static <X extends Exception> Verification verification(StoredRow<X> row, SecretCipher secrets) throws X {
        VerificationScheme scheme = VerificationScheme.fromWireName(row.text("verify_scheme"))
                .orElseThrow(() -> new IllegalStateException("unknown stored verification scheme"));
        String secret = secrets.open(row.text("verify_secret"));
        if (scheme != VerificationScheme.HMAC_SHA256) {
            return new Verification(scheme, secret, null, null, null);
        }
        SignatureEncoding encoding = SignatureEncoding.fromWireName(row.text("verify_encoding"))
                .orElseThrow(() -> new IllegalStateException("unknown stored signature encoding"));
        return new Verification(scheme, secret, row.text("verify_header"), row.text("verify_prefix"), encoding);
    }

    private static <X extends Exception> EventTypeSource eventTypeSource(StoredRow<X> row) throws X {
        String header = row.text("event_type_header");
        if (header != null) {
            return new EventTypeSource.Header(header);
        }
        String pointer = row.text("event_type_json_pointer");
        return pointer != null ? new EventTypeSource.JsonPointer(pointer) : new EventTypeSource.None();
    }
}
