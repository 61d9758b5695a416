package io.hookrelay.cli.admin;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a moment as the API writes it, an RFC 3339 time with its offset ({@code Z} or {@code +02:00}). */
final class TimeConverter implements ITypeConverter<Instant> {
    @Override
    public Instant convert(String value) {
        try {
            return OffsetDateTime.parse(value.strip(), DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw new TypeConversionException("'" + value + "' is not an RFC 3339 time such as 2024-05-01T12:00:00Z");
        }
    }
}
