package io.hookrelay.storage.postgres.relay;

import io.hookrelay.storage.jdbi.StoredForms;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** PostgreSQL keeps the relay's lists as arrays ({@code text[]}, {@code integer[]}) and has booleans of its own. */
enum PostgresStoredForms implements StoredForms<SQLException> {
    INSTANCE;

    @Override
    public Object ofTexts(List<String> values) {
        return values.toArray(String[]::new);
    }

    @Override
    public List<String> texts(Object stored) throws SQLException {
        return List.of((String[]) elements(stored));
    }

    /** For an {@code integer[]} column, such as a retry schedule's whole seconds. */
    @Override
    public Object ofLongs(List<Long> values) {
        return values.stream().map(Math::toIntExact).toArray(Integer[]::new);
    }

    @Override
    public List<Long> longs(Object stored) throws SQLException {
        return Arrays.stream((Integer[]) elements(stored)).map(Integer::longValue).toList();
    }

    @Override
    public boolean flag(Object stored) {
        return (Boolean) stored;
    }

    /** An event's headers, kept as two arrays: each name at the index of its value. */
    static Map<String, String> headers(ResultSet row) throws SQLException {
        List<String> names = INSTANCE.texts(row.getObject("header_names"));
        List<String> values = INSTANCE.texts(row.getObject("header_values"));
        if (names.size() != values.size()) {
            throw new IllegalStateException("a stored event has " + names.size() + " header names and " + values.size() + " values");
        }
        Map<String, String> headers = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            headers.put(names.get(i), values.get(i));
        }
        return headers;
    }

    private static Object elements(Object stored) throws SQLException {
        Array array = (Array) stored;
        try {
            return array.getArray();
        } finally {
            array.free();
        }
    }
}
