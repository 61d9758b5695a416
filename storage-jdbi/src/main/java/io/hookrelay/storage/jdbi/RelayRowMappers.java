package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.signing.SecretCipher;
import java.sql.SQLException;
import java.util.Map;
import org.jdbi.v3.core.config.Configurable;
import org.jdbi.v3.core.mapper.RowMapper;

/**
 * The row mappers of the relay's types, the same on every database but for the parts each keeps in a form of
 * its own: lists and booleans ({@link StoredForms}) and an event's headers. Two of them open secrets.
 */
public final class RelayRowMappers {

    private RelayRowMappers() {
    }

    /** @param headers reads an event's headers from its row */
    public static <C extends Configurable<C>> void register(C on, StoredForms<SQLException> forms, SecretCipher secrets,
            RowMapper<Map<String, String>> headers) {
        on.registerRowMapper(Source.class, (row, context) -> SourceColumns.read(row::getObject, forms, secrets))
                .registerRowMapper(Target.class, (row, context) -> TargetColumns.read(row::getObject, forms, secrets))
                .registerRowMapper(Route.class, (row, context) -> RouteColumns.read(row::getObject))
                .registerRowMapper(Event.class, (row, context) -> EventColumns.read(row::getObject, headers.map(row, context)))
                .registerRowMapper(EventSummary.class, (row, context) -> EventColumns.summary(row::getObject))
                .registerRowMapper(Delivery.class, (row, context) -> DeliveryColumns.read(row::getObject))
                .registerRowMapper(EventCandidate.class, (row, context) -> EventColumns.candidate(row::getObject, forms));
    }
}
