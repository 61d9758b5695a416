package io.hookrelay.it.tenants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import io.hookrelay.storage.sqlite.schema.MigrationTrack;
import io.hookrelay.storage.sqlite.schema.Migrations;
import io.hookrelay.storage.sqlite.schema.QueueMigrations;
import io.hookrelay.storage.sqlite.schema.RelayMigrations;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data directory of the version before tenants (relay step 14), holding a source, a target, a route, a setting, an
 * operator event and webhooks whose deliveries were waiting, had failed, were retrying, and were running when that
 * process stopped, opened by this version: everything is {@code default}'s and reads as it did, every open delivery
 * goes out once, the failed one does not, and the same ids can then be made in another tenant. The queue's tables are
 * made by today's code, as they have not changed since; the relay's old rows are written as the old version wrote them.
 */
class SqliteTenantMigrationIT {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SECRET = "whsec_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY=";
    private static final int BEFORE_TENANTS = 14;

    private final Ulids ulids = new Ulids(Clock.systemUTC());

    @Test
    void aDatabaseOfTheVersionBeforeTenantsIsMigratedAndItsOpenDeliveriesDrained(@TempDir Path dataDir) throws Exception {
        try (Receiver receiver = Receiver.start()) {
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            SecretCipher key = writeSecretKey(dataDir);
            SqliteDatabase.open(dataDir).close();
            Jdbi database = Jdbi.create("jdbc:sqlite:" + dataDir.resolve(SqliteDatabase.DATABASE_FILE))
                    .installPlugin(new SqlObjectPlugin());
            database.useTransaction(handle -> makeRelayTablesAsBeforeTenants(handle, dataDir, key, receiver, now));
            String waiting = webhook(database, "waiting", now);
            String failed = webhook(database, "failed", now);
            String retrying = webhook(database, "retrying", now);
            String running = webhook(database, "running", now);
            String operatorEvent = operatorEvent(database, now);
            Map<String, String> deliveries = deliverAsBefore(dataDir, database, List.of(waiting, failed, retrying, running), now);

            try (RelayServer relay = RelayServer.start(dataDir)) {
                ApiClient api = relay.api();
                List<Receiver.Request> received = receiver.awaitRequests(3);

                assertThat(received).extracting(request -> new String(request.body(), StandardCharsets.UTF_8))
                        .containsExactlyInAnyOrder("{\"webhook\":\"waiting\"}", "{\"webhook\":\"retrying\"}", "{\"webhook\":\"running\"}");
                assertThat(api.get("/api/v1/deliveries/" + deliveries.get(failed)).expect(200).path("state").asText()).isEqualTo("failed");
                JsonNode wasRunning = api.get("/api/v1/deliveries/" + deliveries.get(running)).expect(200);
                assertThat(wasRunning.path("state").asText()).isEqualTo("completed");
                assertThat(wasRunning.path("attempts").asInt()).as("its numbering goes on").isEqualTo(2);
                assertThat(api.get("/api/v1/deliveries/" + deliveries.get(retrying)).expect(200).path("attempts").asInt()).isEqualTo(2);
                assertThat(idsOf(api.get("/api/v1/events?limit=10").expect(200)))
                        .containsExactlyInAnyOrder(waiting, failed, retrying, running, operatorEvent);
                assertThat(idsOf(api.get("/api/v1/operator-events").expect(200))).containsExactly(operatorEvent);
                assertThat(api.get("/api/v1/settings").expect(200).path("operator_target").asText()).isEqualTo("ci");
                assertThat(api.get("/api/v1/targets/ci").expect(200).path("url").asText()).isEqualTo(receiver.url());

                api.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
                Map<String, String> inAcme = Map.of("Hookrelay-Tenant", "acme", "Content-Type", "application/json");
                api.send("POST", "/api/v1/sources", BodyPublishers.ofString("{\"id\":\"github\"}"), inAcme).expect(201);
                api.send("POST", "/api/v1/targets", BodyPublishers.ofString("{\"id\":\"ci\",\"url\":\"" + receiver.url() + "\"}"), inAcme)
                        .expect(201);
                api.ingest("github", "application/json", "{\"webhook\":\"new\"}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
                assertThat(receiver.awaitRequests(4)).hasSize(4);
            }
        }
    }

    /** The key the old version generated at its first start, in its file. */
    private static SecretCipher writeSecretKey(Path dataDir) throws Exception {
        String base64 = SecretCipher.newKey(RANDOM);
        Path file = dataDir.resolve("secret.key");
        Files.writeString(file, base64, StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return SecretCipher.fromBase64(base64, file.toString(), RANDOM);
    }

    private void makeRelayTablesAsBeforeTenants(Handle handle, Path dataDir, SecretCipher key, Receiver receiver, Instant now) {
        MigrationTrack relay = new MigrationTrack("relay", RelayMigrations.TRACK.steps().subList(0, BEFORE_TENANTS));
        Migrations.apply(handle, dataDir.resolve(SqliteDatabase.DATABASE_FILE), now, List.of(QueueMigrations.TRACK, relay));
        handle.execute("INSERT INTO secret_key_check (id, value) VALUES (1, ?)", key.keyCheck());
        Verification none = Verification.none();
        handle.execute("""
                INSERT INTO sources (id, verify_scheme, verify_secret, verify_header, verify_prefix, verify_encoding, max_body_bytes,
                                     created_at, updated_at)
                VALUES ('github', ?, ?, ?, ?, ?, 1048576, ?, ?)""", none.scheme().wireName(), key.seal(none.secret()), none.header(),
                none.prefix(), none.encoding().wireName(), now.toEpochMilli(), now.toEpochMilli());
        handle.execute("""
                INSERT INTO targets (id, url, secret, timeout_ms, retry_schedule_s, max_in_flight, created_at, updated_at)
                VALUES ('ci', ?, ?, 15000, '1,1,1', ?, ?, ?)""", receiver.url(), key.seal(SECRET), Target.DEFAULT_MAX_IN_FLIGHT,
                now.toEpochMilli(), now.toEpochMilli());
        handle.execute("INSERT INTO routes (id, source_id, target_id, event_types, created_at) VALUES (?, 'github', 'ci', '', ?)",
                ulids.next(Ulids.ROUTE), now.toEpochMilli());
        handle.execute("INSERT INTO settings (name, value) VALUES ('operator_target', 'ci')");
    }

    /** A webhook to {@code github} as the old version stored it; its id. */
    private String webhook(Jdbi database, String name, Instant now) {
        String id = ulids.next(Ulids.EVENT, now);
        database.useHandle(handle -> handle.execute("""
                INSERT INTO events (id, source_id, event_type, received_at, content_type, headers, body)
                VALUES (?, 'github', NULL, ?, 'application/json', 'content-type: application/json', ?)""",
                id, now.toEpochMilli(), ("{\"webhook\":\"" + name + "\"}").getBytes(StandardCharsets.UTF_8)));
        return id;
    }

    private String operatorEvent(Jdbi database, Instant now) {
        String id = ulids.next(Ulids.EVENT, now);
        database.useHandle(handle -> handle.execute("""
                INSERT INTO events (id, source_id, event_type, received_at, content_type, headers, body)
                VALUES (?, '_hookrelay', 'target.paused', ?, 'application/json', '', ?)""",
                id, now.toEpochMilli(), "{\"type\":\"target.paused\",\"data\":{\"target_id\":\"ci\"}}".getBytes(StandardCharsets.UTF_8)));
        return id;
    }

    /**
     * One delivery of each webhook to {@code ci}, through the queue as the old version's (which has not changed): the
     * first waiting, the second failed for good, the third retrying and due, the fourth running when the process
     * stopped. @return the delivery id of each event
     */
    private Map<String, String> deliverAsBefore(Path dataDir, Jdbi database, List<String> eventIds, Instant now) {
        List<NewDelivery> made = eventIds.stream()
                .map(eventId -> new NewDelivery(ulids.next(Ulids.DELIVERY), eventId, new ScopedId(TenantId.DEFAULT, "ci")))
                .toList();
        try (SqliteDatabase queue = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore intents = new SqliteIntentStore(queue);
            intents.enqueueAll(made.subList(1, 4).stream().map(NewDelivery::toIntent).toList(), now);
            Map<String, ClaimRef> claims = intents.claim(now, Duration.ofSeconds(30), 10).stream()
                    .collect(Collectors.toMap(Intent::id, Intent::requireClaim));
            assertThat(intents.fail(claims.get(made.get(1).id()), "http_4xx: receiver answered 400", now)).isTrue();
            assertThat(intents.retry(claims.get(made.get(2).id()), now, "http_5xx: receiver answered 500", now)).isTrue();
            intents.enqueueAll(List.of(made.get(0).toIntent()), now);
        }
        database.useHandle(handle -> made.forEach(delivery -> handle.execute(
                "INSERT INTO deliveries (id, event_id, target_id) VALUES (?, ?, 'ci')", delivery.id(), delivery.eventId())));
        return made.stream().collect(Collectors.toMap(NewDelivery::eventId, NewDelivery::id));
    }

    private static List<String> idsOf(JsonNode page) {
        return StreamSupport.stream(page.path("data").spliterator(), false).map(item -> item.path("id").asText()).toList();
    }
}
