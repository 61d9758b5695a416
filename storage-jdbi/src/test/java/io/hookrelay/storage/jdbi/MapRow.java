package io.hookrelay.storage.jdbi;

import java.util.HashMap;
import java.util.Map;

/** A stored row held in memory, by column name, as a layout's {@code values} laid it out. */
final class MapRow implements StoredRow<RuntimeException> {
    private final Map<String, Object> values;

    MapRow(Map<String, Object> values) {
        this.values = new HashMap<>(values);
    }

    /** The same row with one column's value replaced, as if the database held something else there. */
    MapRow with(String column, Object value) {
        MapRow changed = new MapRow(values);
        changed.values.put(column, value);
        return changed;
    }

    /** A column the row does not hold is a bug in the layout, not a {@code null}. */
    @Override
    public Object value(String column) {
        if (!values.containsKey(column)) {
            throw new IllegalArgumentException("no column " + column);
        }
        return values.get(column);
    }
}
