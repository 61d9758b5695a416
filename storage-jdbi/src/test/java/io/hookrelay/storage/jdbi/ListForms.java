package io.hookrelay.storage.jdbi;

import java.util.List;

/** A store that keeps lists as the lists themselves and booleans as booleans: what the layouts hand it comes back. */
enum ListForms implements StoredForms<RuntimeException> {
    INSTANCE;

    @Override
    public Object ofTexts(List<String> values) {
        return List.copyOf(values);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<String> texts(Object stored) {
        return (List<String>) stored;
    }

    @Override
    public Object ofLongs(List<Long> values) {
        return List.copyOf(values);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Long> longs(Object stored) {
        return (List<Long>) stored;
    }

    @Override
    public boolean flag(Object stored) {
        return (Boolean) stored;
    }
}
