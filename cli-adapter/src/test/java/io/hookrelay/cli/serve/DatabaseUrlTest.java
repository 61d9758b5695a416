package io.hookrelay.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DatabaseUrlTest {
    private static final String SECRET = "s3cr%40t:pw";

    @Test
    void aPostgresqlUrlIsTakenApartIntoAJdbcUrlAndCredentials() {
        DatabaseUrl url = DatabaseUrl.parse("postgresql://relay:" + SECRET + "@db.internal:6543/hookrelay?sslmode=require&ApplicationName=hook%20relay");

        assertThat(url).isEqualTo(new DatabaseUrl("db.internal", 6543, "hookrelay", "relay", Optional.of("s3cr@t:pw"),
                Map.of("sslmode", "require", "ApplicationName", "hook relay"), DatabaseUrl.DEFAULT_MAX_CONNECTIONS));
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:6543/hookrelay?sslmode=require&ApplicationName=hook+relay");
        assertThat(url.params().keySet()).containsExactly("sslmode", "ApplicationName");
    }

    @Test
    void aJdbcUrlMayCarryItsCredentialsAsParameters() {
        DatabaseUrl url = DatabaseUrl.parse("jdbc:postgresql://127.0.0.1/hookrelay?user=postgres&password=p%2Bw+d&sslmode=disable");

        assertThat(url.user()).isEqualTo("postgres");
        assertThat(url.password()).contains("p+w+d");
        assertThat(url.port()).isEqualTo(DatabaseUrl.DEFAULT_PORT);
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/hookrelay?sslmode=disable");
    }

    @Test
    void thePasswordIsOptionalAndAnIpv6HostKeepsItsBrackets() {
        DatabaseUrl url = DatabaseUrl.parse("postgres://postgres@[::1]:5432/relay");

        assertThat(url.password()).isEmpty();
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://[::1]:5432/relay");
        assertThat(url).hasToString("postgresql://postgres@[::1]:5432/relay");
    }

    @Test
    void thePasswordAndParametersNamedLikeOneAreHiddenFromToStringAndFromTheOptionsHoldingThem() {
        DatabaseUrl url = DatabaseUrl.parse("postgresql://relay:hunter2hunter2@db/hookrelay?sslpassword=keypass&sslmode=verify-full");
        ServeOptions options = ServeOptions.of(java.nio.file.Path.of("./data"), "127.0.0.1", 8080, 1).withDatabase(url);

        assertThat(url).hasToString("postgresql://relay:(hidden)@db:5432/hookrelay?sslpassword=(hidden)&sslmode=verify-full");
        assertThat(options.toString()).contains("postgresql://relay:(hidden)@db:5432/hookrelay").doesNotContain("hunter2", "keypass");
    }

    @Test
    void thePoolSizeIsAParameterOfTheUrlThatTheDriverNeverSees() {
        DatabaseUrl url = DatabaseUrl.parse("postgresql://relay@db/hookrelay?sslmode=require&pool_max_conns=40");

        assertThat(url.maxConnections()).isEqualTo(40);
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/hookrelay?sslmode=require");
        assertThat(url).hasToString("postgresql://relay@db:5432/hookrelay?sslmode=require&pool_max_conns=40");
        assertThat(DatabaseUrl.parse("postgresql://relay@db/hookrelay").maxConnections()).isEqualTo(DatabaseUrl.DEFAULT_MAX_CONNECTIONS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pool_max_conns=1", "pool_max_conns=1001", "pool_max_conns=ten", "pool_max_conns=", "pool_max_conns=4&pool_max_conns=4"})
    void aPoolSizeOutOfRangeIsRefusedInOneLine(String param) {
        assertThatIllegalArgumentException().isThrownBy(() -> DatabaseUrl.parse("postgresql://relay:hunter2hunter2@db/hookrelay?" + param))
                .satisfies(refused -> assertThat(refused.getMessage())
                        .startsWith("the database URL ")
                        .contains("pool_max_conns")
                        .doesNotContain("hunter2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "mysql://relay:hunter2hunter2@db/hookrelay",
        "postgresql://relay:hunter2hunter2@/hookrelay",
        "postgresql://relay:hunter2hunter2@db",
        "postgresql://relay:hunter2hunter2@db/",
        "postgresql://relay:hunter2hunter2@db/a/b",
        "postgresql://relay:hunter2hunter2@db:99999/hookrelay",
        "postgresql://relay:hunter2hunter2@db1,db2/hookrelay",
        "postgresql://relay:hunter2hunter2@[::1.2.3.0777777777777]/hookrelay",
        "postgresql://:hunter2hunter2@db/hookrelay",
        "postgresql://db/hookrelay",
        "postgresql://relay:hunter2hunter2@db/hookrelay?password=hunter2hunter2",
        "postgresql://relay:hunter2hunter2%zz@db/hookrelay",
        "postgresql://relay:hunter2 hunter2@db/hookrelay",
        "postgresql://relay:hunter2hunter2@db/hookrelay?sslpassword=hunter2hunter2&sslpassword=hunter2hunter2",
        "postgresql://relay:hunter2hunter2@db/hookrelay#hunter2hunter2",
        "hunter2hunter2",
    })
    void aMalformedUrlIsRefusedInOneLineThatNeverShowsThePassword(String malformed) {
        assertThatIllegalArgumentException().isThrownBy(() -> DatabaseUrl.parse(malformed))
                .satisfies(refused -> assertThat(refused.getMessage())
                        .startsWith("the database URL ")
                        .endsWith("; expected postgresql://user:password@host:port/database")
                        .doesNotContain("hunter2")
                        .doesNotContain("\n"));
    }
}
