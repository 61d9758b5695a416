package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Event;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** An {@code events} row as an {@link Event}, body and headers included. */
final class EventRowMapper implements RowMapper<Event> {

    @Override
    public Event map(ResultSet row, StatementContext context) throws SQLException {
        return new Event(
                row.getString("id"),
                row.getString("source_id"),
                Optional.ofNullable(row.getString("event_type")),
                Instant.ofEpochMilli(row.getLong("received_at")),
                row.getString("content_type"),
                headers(SqlArrays.strings(row, "header_names"), SqlArrays.strings(row, "header_values")),
                row.getBytes("body"));
    }

    private static Map<String, String> headers(List<String> names, List<String> values) {
        if (names.size() != values.size()) {
            throw new IllegalStateException("a stored event has " + names.size() + " header names and " + values.size() + " values");
        }
        Map<String, String> headers = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            headers.put(names.get(i), values.get(i));
        }
        return headers;
    }
}
