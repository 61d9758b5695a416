package io.hookrelay.storage.sqlite.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.storage.sqlite.PlainConnections;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.StatementCustomizer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReusedStatementsTest {
    private static final String COUNT = "SELECT count(*) FROM items WHERE name <> :name";

    @TempDir
    Path dir;

    private Jdbi jdbi;
    private Handle handle;
    /** Every statement the handle executed, in order, as the driver's own objects. */
    private final List<PreparedStatement> executed = new ArrayList<>();

    @BeforeEach
    void database() {
        jdbi = Jdbi.create(() -> PlainConnections.open(dir.resolve("statements.db")));
        jdbi.setStatementBuilderFactory(ReusedStatements.FACTORY);
        jdbi.useHandle(setup -> {
            setup.execute("PRAGMA journal_mode = WAL");
            setup.execute("CREATE TABLE items (name TEXT NOT NULL)");
        });
        handle = jdbi.open();
        handle.addCustomizer(new StatementCustomizer() {
            @Override
            public void beforeExecution(PreparedStatement statement, StatementContext context) {
                executed.add(statement);
            }
        });
    }

    @AfterEach
    void close() {
        handle.close();
    }

    @Test
    void theSameSqlRunsOnTheStatementPreparedTheFirstTimeWithTheNewArguments() {
        insert("a");
        insert("b");

        assertThat(count("a")).isEqualTo(1);
        assertThat(count("b")).isEqualTo(1);
        assertThat(count("c")).isEqualTo(2);
        assertThat(executed).hasSize(5);
        assertThat(executed.get(1)).isSameAs(executed.get(0));
        assertThat(executed.get(3)).isSameAs(executed.get(2)).isNotSameAs(executed.get(0));
        assertThat(executed.get(4)).isSameAs(executed.get(2));
    }

    @Test
    void aKeptStatementHoldsNoSnapshotSoTheHandleSeesLaterWritesOfAnotherConnection() {
        insert("a");
        assertThat(count("x")).isEqualTo(1);

        jdbi.useHandle(other -> other.execute("INSERT INTO items (name) VALUES ('b')"));

        assertThat(count("x")).isEqualTo(2);
        assertThat(executed.get(2)).isSameAs(executed.get(1));
    }

    @Test
    void aStatementWhoseRowsWereNeverReadIsResetSoTheHandleCanStillCommit() {
        handle.execute("SELECT name FROM items");
        handle.useTransaction(transaction -> insert("a"));

        assertThat(count("x")).isEqualTo(1);
    }

    @Test
    void sqlRunAgainWhileItsFirstRunIsStillBeingReadGetsAStatementOfItsOwn() {
        insert("a");
        insert("b");

        List<String> pairs = new ArrayList<>();
        try (Stream<String> outer = names()) {
            outer.forEach(first -> {
                try (Stream<String> inner = names()) {
                    inner.forEach(second -> pairs.add(first + second));
                }
            });
        }

        assertThat(pairs).containsExactly("aa", "ab", "ba", "bb");
        assertThat(executed.get(3)).isNotSameAs(executed.get(2));
        assertThat(executed.get(4)).isSameAs(executed.get(3));
    }

    @Test
    void onlyTheMostRecentlyUsedStatementsAreKept() {
        count("first");
        for (int i = 0; i < ReusedStatements.KEPT; i++) {
            handle.createQuery("SELECT " + i).mapTo(Integer.class).one();
        }
        count("first");
        handle.createQuery("SELECT " + (ReusedStatements.KEPT - 1)).mapTo(Integer.class).one();

        int last = executed.size() - 1;
        assertThat(executed.get(last - 1)).isNotSameAs(executed.get(0));
        assertThat(executed.get(last)).isSameAs(executed.get(ReusedStatements.KEPT));
    }

    private void insert(String name) {
        handle.createUpdate("INSERT INTO items (name) VALUES (:name)").bind("name", name).execute();
    }

    private Stream<String> names() {
        return handle.createQuery("SELECT name FROM items ORDER BY name").mapTo(String.class).stream();
    }

    private long count(String name) {
        return handle.createQuery(COUNT).bind("name", name).mapTo(Long.class).one();
    }
}
