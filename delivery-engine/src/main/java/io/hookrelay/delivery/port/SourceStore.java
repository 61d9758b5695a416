package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Source;
import java.util.List;
import java.util.Optional;

/** Durable sources. Secrets are stored as given: the data directory is the trust boundary. */
public interface SourceStore {

    /** @return false when a source with this id already exists */
    boolean create(Source source);

    /** Replaces a source's settings. @return false when there is no such source */
    boolean update(Source source);

    /** Deletes the source and its routes in one transaction; its events stay. @return false when absent */
    boolean delete(String id);

    Optional<Source> find(String id);

    /** Every source, by id. */
    List<Source> list();
}
