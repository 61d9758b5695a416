package io.hookrelay.storage.postgres;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.storage.postgres.relay.PostgresRelayStores;
import io.hookrelay.storage.postgres.relay.SecretKeyMismatchException;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SecretsAtRestTest {
    private static final String TARGET_SECRET = "whsec_" + "dGFyZ2V0LXNpZ25pbmcta2V5LWtub3duLXRvLXRlc3Q=";
    private static final String SOURCE_SECRET = "github-verification-secret-known-to-the-test";

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void noSecretIsStoredInTheClearAndBothReadBack() throws SQLException {
        PostgresSettings settings = postgres.freshSchema();
        try (RelayNode node = new RelayNode(settings, Clock.systemUTC());
             RelayNode otherNode = new RelayNode(settings, Clock.systemUTC())) {
            configure(node.relay);

            List<String> stored = node.database.read("read sealed columns", handle -> handle.createQuery("""
                    SELECT secret FROM targets UNION ALL SELECT verify_secret FROM sources
                    """).mapTo(String.class).list());

            assertThat(stored).hasSize(2).allSatisfy(value -> assertThat(value)
                    .startsWith("v1:")
                    .doesNotContain(TARGET_SECRET.substring("whsec_".length()))
                    .doesNotContain(SOURCE_SECRET));
            assertReadBack(node.relay);
            assertReadBack(otherNode.relay);
        }
    }

    @Test
    void aNodeGivenAnotherKeyIsRefusedAtOpenInOneLineAndChangesNothing() throws SQLException {
        PostgresSettings settings = postgres.freshSchema();
        try (RelayNode first = new RelayNode(settings, Clock.systemUTC())) {
            configure(first.relay);
            SecretCipher otherKey = newKey("HOOKRELAY_SECRET_KEY");

            try (PostgresDatabase database = PostgresDatabase.open(settings, Clock.systemUTC())) {
                assertThatThrownBy(() -> PostgresRelayStores.open(database, new PostgresIntentStore(database), otherKey))
                        .isInstanceOf(SecretKeyMismatchException.class)
                        .hasMessageContaining("HOOKRELAY_SECRET_KEY")
                        .hasMessageContaining(database.location())
                        .hasMessageNotContaining("\n")
                        .hasMessageNotContaining(TARGET_SECRET)
                        .hasMessageNotContaining(SOURCE_SECRET);
            }

            assertReadBack(first.relay);
        }
        try (RelayNode again = new RelayNode(settings, Clock.systemUTC())) {
            assertReadBack(again.relay);
        }
    }

    /** Once one node has started, every other must have its key, even before any secret is stored. */
    @Test
    void theFirstKeyIsTheDatabasesEvenBeforeItSealsAnything() throws SQLException {
        PostgresSettings settings = postgres.freshSchema();
        new RelayNode(settings, Clock.systemUTC()).close();

        try (PostgresDatabase database = PostgresDatabase.open(settings, Clock.systemUTC())) {
            assertThatThrownBy(() -> PostgresRelayStores.open(database, new PostgresIntentStore(database), newKey("another")))
                    .isInstanceOf(SecretKeyMismatchException.class);
        }
    }

    @Test
    void nodesStartingTogetherAgreeOnOneKeyCheck() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        ExecutorService starts = Executors.newFixedThreadPool(4);
        List<RelayNode> nodes = new ArrayList<>();
        try {
            List<Future<RelayNode>> opened = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Callable<RelayNode> open = () -> new RelayNode(settings, Clock.systemUTC());
                opened.add(starts.submit(open));
            }
            for (Future<RelayNode> node : opened) {
                nodes.add(node.get());
            }

            assertThat(nodes.get(0).rows("secret_key_check")).isEqualTo(1);
            configure(nodes.get(1).relay);
            assertReadBack(nodes.get(3).relay);
        } finally {
            nodes.forEach(RelayNode::close);
            starts.shutdownNow();
        }
    }

    private static void configure(PostgresRelayStores stores) {
        stores.targets().create(TENANT, new Target("billing", URI.create("https://billing.example/hooks"), TARGET_SECRET,
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT));
        stores.sources().create(TENANT, new Source("github", new Verification(VerificationScheme.HMAC_SHA256, SOURCE_SECRET, null,
                null, null), Optional.empty(), new EventTypeSource.Header("X-GitHub-Event"), Source.DEFAULT_MAX_BODY_BYTES));
    }

    private static void assertReadBack(PostgresRelayStores stores) {
        assertThat(stores.targets().find(TENANT, "billing").orElseThrow().secret()).isEqualTo(TARGET_SECRET);
        assertThat(stores.sources().find(TENANT, "github").orElseThrow().verify().secret()).isEqualTo(SOURCE_SECRET);
    }

    private static SecretCipher newKey(String origin) {
        SecureRandom random = new SecureRandom();
        return SecretCipher.fromBase64(SecretCipher.newKey(random), origin, random);
    }
}
