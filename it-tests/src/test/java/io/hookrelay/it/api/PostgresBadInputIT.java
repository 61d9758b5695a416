package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BadInputIT}'s table of the delivery features' fields (filters, rate limits, ordering, signatures, forwarded
 * headers, body idempotency, settings) on PostgreSQL, in the same world: each request is
 * refused in the API's error shape and changes nothing, on a store that keeps a target's rate limit, its
 * secrets and the settings in tables of its own. The rest of the tables try the HTTP layer and the checks
 * before any store, which are the same on either, and its backup cases are SQLite's alone.
 */
class PostgresBadInputIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    /** Closed by {@link #stopServer}, which runs before the database's extension drops it. */
    private static RelayServer server;
    private static Receiver receiver;
    private static Path backups;
    private static Map<String, String> placeholders;
    private static List<Object> settled;

    @BeforeAll
    static void startServerWithSettledWorld(@TempDir Path dataDir) throws Exception {
        server = RelayServer.startOnPostgres(dataDir, postgres.url());
        backups = BadInputWorld.backupDirectoryOf(dataDir);
        receiver = server.startReceiver();
        placeholders = BadInputWorld.settle(ServerApi.of(server.api()), receiver.url(), backups).placeholders();
        settled = BadInputWorld.snapshot(server.api(), receiver, backups);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @AfterAll
    static void printFigures() {
        System.out.printf("[figures] PostgresBadInputIT: %d requests refused with the API's JSON error%n",
                BadInputIT.deliveryFeatureInputs().count());
    }

    /** Compared with the world as it was settled, so a case that changes anything fails, and so does every later one. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.hookrelay.it.api.BadInputIT#deliveryFeatureInputs")
    void isRefusedWithA4xxJsonErrorAndChangesNothing(BadInput input) throws IOException {
        ApiResponse response = BadInputIT.answer("the request", () -> input.sendTo(ServerApi.of(server.api()), placeholders));

        BadInputIT.assertRefusedInTheApisErrorShape(input, response);
        assertThat(BadInputWorld.snapshot(server.api(), receiver, backups)).as("nothing changed").isEqualTo(settled);
    }
}
