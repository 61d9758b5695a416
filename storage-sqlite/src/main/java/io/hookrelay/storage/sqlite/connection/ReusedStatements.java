package io.hookrelay.storage.sqlite.connection;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jdbi.v3.core.statement.StatementBuilder;
import org.jdbi.v3.core.statement.StatementBuilderFactory;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * Keeps a handle's prepared statements after JDBI is done with them and hands the same one out when the same
 * SQL comes again.
 *
 * <p>JDBI asks the driver for a new statement on every call, and sqlite-jdbc answers each request by
 * parsing and planning the SQL again ({@code sqlite3_prepare_v2}); closing it throws the plan away. The
 * writer runs the same dozen statements thousands of times a second, so it spent much of its time compiling
 * SQL it had compiled a moment before. A statement is reset before it is kept, so a kept statement holds no
 * read snapshot and no lock.
 *
 * <p>A statement is lent out by removing it, so SQL run again while its first run is still being read
 * gets a statement of its own, closed rather than kept when it comes back. At most {@link #KEPT} statements
 * stay, least recently used leaving first, for the statements whose SQL is built per call.
 *
 * <p>One per handle, like the handle: not thread-safe.
 */
public final class ReusedStatements implements StatementBuilder {
    static final int KEPT = 64;

    /** For {@code Jdbi.setStatementBuilderFactory}: every handle gets its own. */
    public static final StatementBuilderFactory FACTORY = connection -> new ReusedStatements();

    /** In order of last use, so the first is the one to close when too many are kept. */
    private final Map<String, PreparedStatement> idle = new LinkedHashMap<>(KEPT * 2, 0.75f, true);
    /** The SQL each lent statement was prepared from: JDBI names a statement by its source when it gives it back. */
    private final Map<Statement, String> lent = new IdentityHashMap<>();

    private ReusedStatements() {
    }

    @Override
    public PreparedStatement create(Connection connection, String sql, StatementContext context) throws SQLException {
        PreparedStatement kept = idle.remove(sql);
        PreparedStatement statement = kept != null ? kept : connection.prepareStatement(sql);
        lent.put(statement, sql);
        return statement;
    }

    /** @param sql as the statement was written, before JDBI turned its named parameters into {@code ?} */
    @Override
    public void close(Connection connection, String sql, Statement statement) throws SQLException {
        String prepared = lent.remove(statement);
        if (prepared != null && !statement.isClosed() && !idle.containsKey(prepared)) {
            PreparedStatement reusable = (PreparedStatement) statement;
            try {
                reset(reusable);
            } catch (SQLException e) {
                reusable.close();
                throw e;
            }
            idle.put(prepared, reusable);
            if (idle.size() > KEPT) {
                Iterator<PreparedStatement> leastRecentlyUsed = idle.values().iterator();
                Statement eldest = leastRecentlyUsed.next();
                leastRecentlyUsed.remove();
                eldest.close();
            }
        } else {
            statement.close();
        }
    }

    /**
     * A statement whose rows nobody read (JDBI's {@code execute} of a pragma, a query abandoned half-way) is
     * still running in SQLite and would hold its snapshot and block the connection's commit. Closing its result
     * set is how sqlite-jdbc resets it.
     */
    private static void reset(PreparedStatement statement) throws SQLException {
        ResultSet unread = statement.getResultSet();
        if (unread != null) {
            unread.close();
        }
        statement.clearParameters();
    }

    @Override
    public Statement create(Connection connection, StatementContext context) throws SQLException {
        return connection.createStatement();
    }

    @Override
    public CallableStatement createCall(Connection connection, String sql, StatementContext context)
            throws SQLException {
        return connection.prepareCall(sql);
    }

    /** The handle is closing its connection, and sqlite-jdbc finalizes a connection's statements as it closes. */
    @Override
    public void close(Connection connection) {
        idle.clear();
        lent.clear();
    }
}
