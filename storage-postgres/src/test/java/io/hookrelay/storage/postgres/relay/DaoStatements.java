package io.hookrelay.storage.postgres.relay;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The SQL a DAO method declares, so a query plan test checks the plan of the statement that runs. */
final class DaoStatements {
    private DaoStatements() {
    }

    static String sql(Class<?> dao, String method) {
        Method declared = Arrays.stream(dao.getDeclaredMethods())
                .filter(candidate -> candidate.getName().equals(method))
                .findFirst().orElseThrow();
        SqlQuery query = declared.getAnnotation(SqlQuery.class);
        return query != null ? query.value() : declared.getAnnotation(SqlUpdate.class).value();
    }
}
