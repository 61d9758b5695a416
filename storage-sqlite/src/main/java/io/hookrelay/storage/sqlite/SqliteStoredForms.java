package io.hookrelay.storage.sqlite;

import io.hookrelay.storage.jdbi.StoredForms;
import java.sql.SQLException;
import java.util.List;

/** SQLite keeps the relay's lists as text (see {@link TextColumns}) and its booleans as 0 or 1. */
enum SqliteStoredForms implements StoredForms<SQLException> {
    INSTANCE;

    @Override
    public Object ofTexts(List<String> values) {
        return TextColumns.joinLines(values);
    }

    @Override
    public List<String> texts(Object stored) {
        return TextColumns.lines((String) stored);
    }

    @Override
    public Object ofLongs(List<Long> values) {
        return TextColumns.numbers(values);
    }

    @Override
    public List<Long> longs(Object stored) {
        return TextColumns.parseNumbers((String) stored);
    }

    @Override
    public boolean flag(Object stored) {
        return ((Number) stored).longValue() != 0;
    }
}
