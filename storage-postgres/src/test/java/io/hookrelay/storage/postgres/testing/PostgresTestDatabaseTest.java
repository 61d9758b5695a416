package io.hookrelay.storage.postgres.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The extension's callbacks as JUnit calls them for a class with a nested class: outer, nested, nested, outer. */
class PostgresTestDatabaseTest {

    @Test
    void aNestedClassSharesTheOuterDatabaseAndNothingIsLeftAfterTheOuterEnds() throws Exception {
        PostgresTestDatabase extension = new PostgresTestDatabase();
        extension.beforeAll(contextOf(Outer.class));
        String name = extension.jdbcUrl().substring(extension.jdbcUrl().lastIndexOf('/') + 1);
        try {
            extension.beforeAll(contextOf(Outer.Inner.class));
            assertThat(extension.jdbcUrl()).endsWith("/" + name);
            extension.afterAll(contextOf(Outer.Inner.class));
            assertThat(exists(name)).as("the outer class's database while it runs").isTrue();
            extension.afterAll(contextOf(Outer.class));

            assertThat(exists(name)).as("the outer class's database after it ended").isFalse();
        } finally {
            if (exists(name)) {
                drop(name);
            }
        }
    }

    private static boolean exists(String name) throws Exception {
        PostgresTestServer server = PostgresTestServer.get();
        try (Connection connection = server.connect(server.jdbcUrl());
             PreparedStatement statement = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            statement.setString(1, name);
            try (ResultSet result = statement.executeQuery()) {
                return result.next();
            }
        }
    }

    private static void drop(String name) throws Exception {
        PostgresTestServer server = PostgresTestServer.get();
        try (Connection connection = server.connect(server.jdbcUrl()); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
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
