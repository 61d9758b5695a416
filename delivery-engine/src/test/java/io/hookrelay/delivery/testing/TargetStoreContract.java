package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static io.hookrelay.delivery.testing.RelayFixture.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link TargetStore} that every store adapter keeps. */
public abstract class TargetStoreContract extends RelayStoreContract {

    private TargetStore targets;

    @BeforeEach
    final void useTargets() {
        targets = relay.targets;
    }

    @Test
    void aTargetOfAnotherTenantWithTheSameIdIsAnotherTargetWithWorkOfItsOwn() {
        relay.configure(List.of("orders"), List.of("billing"));
        relay.configure(ACME, List.of("orders"), List.of("billing"));
        relay.ingest("orders", "billing");
        relay.ingest(ACME, "orders", "billing");

        assertThat(targets.change(ACME, "billing", target -> target.withTimeout(Duration.ofSeconds(2)))).isPresent();
        assertThat(targets.find(TENANT, "billing").orElseThrow().timeout()).isEqualTo(Target.DEFAULT_TIMEOUT);
        assertThat(targets.delete(ACME, "billing", relay.clock.instant())).isTrue();

        assertThat(targets.list(TENANT)).extracting(Target::id).containsExactly("billing");
        assertThat(targets.list(ACME)).isEmpty();
        assertThat(relay.intents.countPendingByTarget(Delivery.KIND, 100))
                .as("only the deleted target's work is retired").containsExactly(Map.entry("billing", 1L));
    }

    @Test
    void aCreatedTargetReadsBackExactly() {
        Target custom = new Target("billing", URI.create("http://10.0.0.7:8080/in?tenant=a&x=%2F"), RelayFixture.SECRET,
                Duration.ofMillis(2500), List.of(Duration.ZERO, Duration.ofSeconds(1), Duration.ofDays(7)), 1);
        Target noRetries = new Target("once", URI.create("https://once.example/"), RelayFixture.SECRET,
                Target.LONGEST_TIMEOUT, List.of(), Target.LARGEST_MAX_IN_FLIGHT, Optional.of(new RateLimit(0.25)), Optional.empty());

        assertThat(targets.create(TENANT, custom)).isTrue();
        assertThat(targets.create(TENANT, noRetries)).isTrue();
        assertThat(targets.create(TENANT, target("defaults"))).isTrue();

        assertThat(targets.find(TENANT, "billing")).contains(custom);
        assertThat(targets.find(TENANT, "once")).contains(noRetries);
        assertThat(targets.find(TENANT, "defaults")).contains(target("defaults"));
        assertThat(targets.find(TENANT, "billing").orElseThrow().secret()).isEqualTo(RelayFixture.SECRET);
    }

    @Test
    void creatingAnExistingIdIsRefusedAndKeepsTheFirst() {
        Target first = target("billing");
        assertThat(targets.create(TENANT, first)).isTrue();

        Target second = new Target("billing", URI.create("https://elsewhere.example/"), RelayFixture.SECRET,
                Target.DEFAULT_TIMEOUT, List.of(), 3);
        assertThat(targets.create(TENANT, second)).isFalse();

        assertThat(targets.find(TENANT, "billing")).contains(first);
    }

    @Test
    void aChangeReplacesEverySettingAndAMissingTargetIsNotCreated() {
        targets.create(TENANT, target("billing"));
        assertThat(targets.find(TENANT, "billing")).as("read once, so a store that caches targets holds it")
                .contains(target("billing"));
        Target replacement = new Target("billing", URI.create("https://new.example/path"),
                "whsec_" + "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWY=", Duration.ofSeconds(3),
                List.of(Duration.ofSeconds(60)), 2);

        assertThat(replaced(replacement)).isTrue();
        assertThat(replaced(target("ghost"))).isFalse();

        assertThat(targets.find(TENANT, "billing")).contains(replacement);
        assertThat(targets.find(TENANT, "ghost")).isEmpty();

        targets.delete(TENANT, "billing", Instant.EPOCH);
        assertThat(targets.find(TENANT, "billing")).isEmpty();
    }

    /** A v1a key and a rotation's previous secret, sealed like the secret, read back; a later change to a target without one clears it. */
    @Test
    void aRotatedTargetKeepsItsPreviousSecretUntilReplaced() {
        targets.create(TENANT, target("billing"));
        String key = "whsk_" + "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
        Target rotated = target("billing").rotatedTo(key, Instant.parse("2030-01-01T00:00:00.123Z"), Instant.EPOCH);

        assertThat(replaced(rotated)).isTrue();
        assertThat(targets.find(TENANT, "billing")).contains(rotated);
        assertThat(targets.find(TENANT, "billing").orElseThrow().previousSecret().orElseThrow().secret()).isEqualTo(RelayFixture.SECRET);

        assertThat(replaced(target("billing"))).isTrue();
        assertThat(targets.find(TENANT, "billing").orElseThrow().previousSecret()).isEmpty();
    }

    /** A change reads and writes in one transaction: what it refuses writes nothing, and a missing target is no change. */
    @Test
    void aChangeStartsFromTheStoredTargetAndARefusedOneWritesNothing() {
        targets.create(TENANT, target("billing"));

        Optional<Target> changed = targets.change(TENANT, "billing", current -> current.withTimeout(Duration.ofSeconds(3)));
        assertThat(changed.map(Target::timeout)).contains(Duration.ofSeconds(3));
        assertThat(targets.find(TENANT, "billing")).isEqualTo(changed);

        assertThatThrownBy(() -> targets.change(TENANT, "billing", current -> {
            throw new IllegalArgumentException("refused");
        })).hasMessage("refused");
        assertThat(targets.find(TENANT, "billing")).isEqualTo(changed);
        assertThat(targets.change(TENANT, "ghost", current -> current)).isEmpty();
    }

    /** Changes at once each start from what the one before left: none is lost, as a rotation must not be. */
    @Test
    void concurrentChangesEachSeeTheOneBefore() throws Exception {
        targets.create(TENANT, new Target("billing", URI.create("https://billing.example/"), RelayFixture.SECRET, Duration.ofSeconds(1),
                List.of(), 1));
        int changes = 8;
        ExecutorService changers = Executors.newFixedThreadPool(4);
        try {
            List<Future<Optional<Target>>> done = new ArrayList<>();
            for (int i = 0; i < changes; i++) {
                done.add(changers.submit(() -> targets.change(TENANT, "billing", current -> current.withTimeout(current.timeout().plusSeconds(1)))));
            }
            for (Future<Optional<Target>> change : done) {
                assertThat(change.get()).isPresent();
            }
        } finally {
            changers.shutdownNow();
        }

        assertThat(targets.find(TENANT, "billing").orElseThrow().timeout()).isEqualTo(Duration.ofSeconds(1 + changes));
    }

    /** The pause is the queue's, not a setting: replacing the settings neither lifts nor sets it. */
    @Test
    void aChangeLeavesTheTargetsPauseAsItWas() {
        targets.create(TENANT, target("billing"));
        targets.create(TENANT, target("audit"));
        relay.intents.pause(Delivery.KIND, "billing");

        assertThat(replaced(target("billing"))).isTrue();
        assertThat(replaced(target("audit"))).isTrue();

        assertThat(relay.intents.isPaused(Delivery.KIND, "billing")).isTrue();
        assertThat(relay.intents.isPaused(Delivery.KIND, "audit")).isFalse();
    }

    @Test
    void listIsOrderedById() {
        targets.create(TENANT, target("zeta"));
        targets.create(TENANT, target("alpha"));

        assertThat(targets.list(TENANT)).extracting(Target::id).containsExactly("alpha", "zeta");
    }

    @Test
    void deletingATargetCancelsItsOpenDeliveriesLiftsItsPauseAndTakesItsRoutes() {
        relay.configure(List.of("orders"), List.of("billing", "audit"));
        Route kept = relay.route("orders", "audit");
        relay.routes.create(TENANT, relay.route("orders", "billing"));
        relay.routes.create(TENANT, kept);
        String completed = relay.ingest("orders", "billing").deliveryTo("billing");
        String failed = relay.ingest("orders", "billing").deliveryTo("billing");
        String running = relay.ingest("orders", "billing").deliveryTo("billing");
        Map<String, ClaimRef> claims = relay.claimAll();
        relay.intents.complete(claims.get(completed), relay.clock.instant());
        relay.intents.fail(claims.get(failed), "http_500: receiver answered 500", relay.clock.instant());
        var pendingEvent = relay.ingest("orders", "billing", "audit");
        String pending = pendingEvent.deliveryTo("billing");
        String otherTarget = pendingEvent.deliveryTo("audit");
        relay.intents.pause(Delivery.KIND, "billing");
        Map<String, Intent> before = intentsById(List.of(completed, failed, running, pending, otherTarget));
        Instant deletedAt = relay.advance(Duration.ofSeconds(5));

        assertThat(targets.delete(TENANT, "billing", deletedAt)).isTrue();

        assertThat(targets.find(TENANT, "billing")).isEmpty();
        assertThat(relay.routes.list(TENANT)).containsExactly(kept);
        assertThat(relay.intents.isPaused(Delivery.KIND, "billing")).isFalse();
        for (String cancelled : List.of(running, pending)) {
            Intent intent = relay.intents.find(cancelled).orElseThrow();
            assertThat(intent.state()).isEqualTo(IntentState.CANCELLED);
            assertThat(intent.updatedAt()).isEqualTo(deletedAt);
            assertThat(intent.claimToken()).isEmpty();
            assertThat(intent.attempts()).isEqualTo(before.get(cancelled).attempts());
        }
        assertThat(relay.intents.complete(claims.get(running), deletedAt)).as("the running claim is fenced off").isFalse();
        for (String untouched : List.of(completed, failed, otherTarget)) {
            assertThat(relay.intents.find(untouched)).contains(before.get(untouched));
        }
        assertThat(relay.deliveries.find(TENANT, completed).orElseThrow().state()).as("history stays readable")
                .isEqualTo(IntentState.COMPLETED);
    }

    @Test
    void deletingAMissingTargetChangesNothingUnderItsId() {
        relay.configure(List.of("orders"), List.of());
        String orphan = relay.ingest("orders", "ghost").deliveryTo("ghost");
        relay.intents.pause(Delivery.KIND, "ghost");
        Intent before = relay.intents.find(orphan).orElseThrow();

        assertThat(targets.delete(TENANT, "ghost", relay.advance(Duration.ofSeconds(1)))).isFalse();

        assertThat(relay.intents.isPaused(Delivery.KIND, "ghost")).isTrue();
        assertThat(relay.intents.find(orphan)).contains(before);
    }

    private Map<String, Intent> intentsById(List<String> ids) {
        return ids.stream().collect(Collectors.toMap(id -> id,
                id -> relay.intents.find(id).orElseThrow()));
    }

    /** Replaces the stored target of {@code replacement}'s id with it; false when there is none. */
    private boolean replaced(Target replacement) {
        return targets.change(TENANT, replacement.id(), current -> replacement).isPresent();
    }
}
