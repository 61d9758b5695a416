package io.hookrelay.http.api;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Checks and conversions of request fields that several requests share, each refusal naming its field. */
final class Fields {
    /** RFC 3339 §5.6 date-time: seconds required, a zone (Z or an offset) required. */
    private static final Pattern RFC_3339 =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})");
    /** RFC 3339 §5.6 full-date. */
    private static final Pattern FULL_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final String STATES =
            Arrays.stream(IntentState.values()).map(IntentState::wireName).collect(Collectors.joining(", "));

    private Fields() {
    }

    static <T> T required(T value, String field) {
        if (value == null) {
            throw new InvalidRequestException(field + " is required");
        }
        return value;
    }

    /** The id a PUT replaces is the path's; the body may repeat it but not contradict it. */
    static String pathId(String bodyId, String pathId) {
        if (bodyId != null && !bodyId.equals(pathId)) {
            throw new InvalidRequestException("id in the body must match the id in the path");
        }
        return pathId;
    }

    /** An id the server generated, such as {@code evt_01J…}, checked before anything is looked up. */
    static String ulid(String id, String prefix, String what) {
        if (!Ulids.isValid(id, prefix)) {
            throw new InvalidRequestException(what + " id must be " + prefix + " followed by a ULID");
        }
        return id;
    }

    static IntentState state(String value, String field) {
        return Arrays.stream(IntentState.values()).filter(state -> state.wireName().equals(value)).findFirst()
                .orElseThrow(() -> new InvalidRequestException(field + " must be one of " + STATES));
    }

    static DeliveryOrdering ordering(String value) {
        return DeliveryOrdering.fromWireName(value).orElseThrow(() -> new InvalidRequestException("ordering must be none or fifo"));
    }

    static SignatureScheme signature(String value) {
        return SignatureScheme.fromWireName(value).orElseThrow(() -> new InvalidRequestException("signature must be v1 or v1a"));
    }

    /** A calendar date written {@code YYYY-MM-DD}, as RFC 3339's full-date; one that does not exist is refused. */
    static LocalDate date(String value, String field) {
        Optional<LocalDate> date = Optional.empty();
        if (FULL_DATE.matcher(value).matches()) {
            try {
                date = Optional.of(LocalDate.parse(value));
            } catch (DateTimeParseException impossibleDate) {
                // such as February 30th: refused below like any other malformed date
            }
        }
        return date.orElseThrow(() -> new InvalidRequestException(field + " must be a date such as 2024-05-01"));
    }

    static Instant rfc3339(String value, String field) {
        Optional<Instant> instant = Optional.empty();
        if (RFC_3339.matcher(value).matches()) {
            try {
                instant = Optional.of(OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
            } catch (DateTimeParseException impossibleDate) {
                // such as February 30th: refused below like any other malformed time
            }
        }
        return instant.orElseThrow(() -> new InvalidRequestException(
                field + " must be an RFC 3339 date-time such as 2024-05-01T12:00:00Z"));
    }
}
