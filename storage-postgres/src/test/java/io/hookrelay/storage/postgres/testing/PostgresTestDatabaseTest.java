package io.hookrelay.storage.postgres.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The extension's callbacks as JUnit calls them for a class with a nested class: outer, nested, nested, outer. */
class PostgresTestDatabaseTest {

    @Test
    void aNestedClassSharesTheOuterDatabaseAndNothingIsLeftAfterTheOuterEnds() throws Exception {
        PostgresTestDatabase extension = new PostgresTestDatabase();
        ExtensionContext outer = contextOf(Outer.class);
        ExtensionContext nested = contextOf(Outer.Inner.class);

        extension.beforeAll(outer);
        String outerUrl = extension.jdbcUrl();
        extension.beforeAll(nested);
        assertThat(extension.jdbcUrl()).isEqualTo(outerUrl);
        extension.afterAll(nested);
        assertThat(databasesNamedFor(Outer.class)).hasSize(1);
        extension.afterAll(outer);

        assertThat(databasesNamedFor(Outer.class)).isEmpty();
    }

    private static List<String> databasesNamedFor(Class<?> testClass) throws Exception {
        PostgresTestServer server = PostgresTestServer.get();
        String prefix = ("hookrelay_" + testClass.getSimpleName() + "_").toLowerCase();
        List<String> names = new ArrayList<>();
        try (Connection connection = server.connect(server.jdbcUrl()); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT datname FROM pg_database")) {
            while (result.next()) {
                if (result.getString(1).startsWith(prefix)) {
                    names.add(result.getString(1));
                }
            }
        }
        return names;
    }

    /** Only the test class is asked for; any other question is a change this test must hear about. */
    private static ExtensionContext contextOf(Class<?> testClass) {
        return (ExtensionContext) Proxy.newProxyInstance(ExtensionContext.class.getClassLoader(),
                new Class<?>[] {ExtensionContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getRequiredTestClass")) {
                        return testClass;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static final class Outer {
        private static final class Inner {
        }
    }
}
