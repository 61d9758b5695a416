package io.hookrelay.storage.jdbi;

import java.time.Instant;

/**
 * One row of the relay's tables as a store adapter reads it, by column name: over a JDBC result row it is
 * {@code row::getObject}. {@code X} is what those reads throw, passed through as it is so the adapter's own
 * error handling still sees it.
 *
 * <p>Texts, whole numbers and bytes come back the same from every database; what does not (a list kept in
 * one column, a boolean) is read through the adapter's {@link StoredForms}.
 */
@FunctionalInterface
public interface StoredRow<X extends Exception> {

    /** @return the column's value as the database hands it back: a text, a number, bytes, or {@code null} */
    Object value(String column) throws X;

    /** @return {@code null} where the column holds none */
    default String text(String column) throws X {
        return (String) value(column);
    }

    default long longInteger(String column) throws X {
        return ((Number) value(column)).longValue();
    }

    default int integer(String column) throws X {
        return Math.toIntExact(longInteger(column));
    }

    default byte[] bytes(String column) throws X {
        return (byte[]) value(column);
    }

    /** Times are stored as epoch milliseconds. */
    default Instant instant(String column) throws X {
        return Instant.ofEpochMilli(longInteger(column));
    }
}
