package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.SourceStore;
import java.util.List;

/** STUB. Errors: NotFoundException (not_found), ConflictException (conflict). */
public final class SourceAdmin {
    public SourceAdmin(SourceStore sources) {
        throw new UnsupportedOperationException("stub");
    }

    public Source create(Source source) {
        throw new UnsupportedOperationException("stub");
    }

    public List<Source> list() {
        throw new UnsupportedOperationException("stub");
    }

    public Source get(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public Source replace(Source source) {
        throw new UnsupportedOperationException("stub");
    }

    public void delete(String id) {
        throw new UnsupportedOperationException("stub");
    }
}
