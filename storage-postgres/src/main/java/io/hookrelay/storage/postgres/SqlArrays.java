package io.hookrelay.storage.postgres;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** The relay's array columns read back as lists: short lists always read and written whole with their row. */
final class SqlArrays {
    private SqlArrays() {
    }

    static List<String> strings(ResultSet row, String column) throws SQLException {
        Array array = row.getArray(column);
        try {
            return List.of((String[]) array.getArray());
        } finally {
            array.free();
        }
    }

    /** Whole seconds, the API's unit, so nothing is rounded on the way through. */
    static Integer[] seconds(List<Duration> waits) {
        return waits.stream()
                .map(wait -> {
                    if (wait.getNano() != 0) {
                        throw new IllegalArgumentException("retry waits are whole seconds: " + wait);
                    }
                    return Math.toIntExact(wait.getSeconds());
                })
                .toArray(Integer[]::new);
    }

    static List<Duration> parseSeconds(ResultSet row, String column) throws SQLException {
        Array array = row.getArray(column);
        try {
            return Arrays.stream((Integer[]) array.getArray()).map(Duration::ofSeconds).toList();
        } finally {
            array.free();
        }
    }
}
