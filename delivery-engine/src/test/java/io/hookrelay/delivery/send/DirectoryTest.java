package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.MutableClock;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The store here stands for a database other nodes change without telling this one. */
class DirectoryTest {
    private static final Duration MAX_AGE = Duration.ofMillis(500);
    private static final TenantId TENANT = TenantId.of("acme");
    private static final ScopedId ORDERS = new ScopedId(TENANT, "orders");

    private final MutableClock clock = new MutableClock();
    private final SharedTargets store = new SharedTargets();
    private final Directory<ScopedId, Target> directory = new Directory<>(store::find, MAX_AGE, clock);

    @Test
    void aCopyYoungerThanTheMaxAgeIsServedWithoutReadingTheStore() {
        store.put(RelayFixture.target("orders"));
        directory.find(ORDERS);

        clock.advance(MAX_AGE.minusMillis(1));
        directory.find(ORDERS);

        assertThat(store.reads).hasValue(1);
    }

    @Test
    void anotherNodesChangeIsSeenOnceTheCopyIsTheMaxAgeOld() {
        store.put(RelayFixture.target("orders"));
        directory.find(ORDERS);
        Target changed = moved(RelayFixture.target("orders"));
        store.put(changed);

        clock.advance(MAX_AGE.minusMillis(1));
        assertThat(directory.find(ORDERS)).contains(RelayFixture.target("orders"));

        clock.advance(Duration.ofMillis(1));
        assertThat(directory.find(ORDERS)).contains(changed);
    }

    /** A read that took long may hold what the store had before a change made meanwhile: its copy ages from its start. */
    @Test
    void aCopyAgesFromWhenItsReadBegan() {
        Target stale = RelayFixture.target("orders");
        Directory<ScopedId, Target> slow = new Directory<>(id -> {
            clock.advance(MAX_AGE.minusMillis(100));
            return Optional.of(stale);
        }, MAX_AGE, clock);
        slow.find(ORDERS);

        clock.advance(Duration.ofMillis(100));

        Instant before = clock.instant();
        slow.find(ORDERS);
        assertThat(clock.instant()).as("expired, so read again").isAfter(before);
    }

    @Test
    void anotherNodesDeleteIsSeenOnceTheCopyIsTheMaxAgeOld() {
        store.put(RelayFixture.target("orders"));
        directory.find(ORDERS);
        store.targets.remove(ORDERS);

        clock.advance(MAX_AGE);

        assertThat(directory.find(ORDERS)).isEmpty();
    }

    @Test
    void thisNodesOwnChangeIsSeenAtOnce() {
        store.put(RelayFixture.target("orders"));
        directory.find(ORDERS);
        Target changed = moved(RelayFixture.target("orders"));
        store.put(changed);

        directory.forget(ORDERS);

        assertThat(directory.find(ORDERS)).contains(changed);
    }

    /** Look-ups that came while a read failed fail with it, rather than each wait for a read of its own to fail. */
    @Test
    void aFailedReadFailsTheLookUpsOfTheNextMaxAgeWithoutReadingAgain() {
        AtomicInteger reads = new AtomicInteger();
        Directory<ScopedId, Target> failing = new Directory<>(id -> {
            reads.incrementAndGet();
            throw new TransientStoreException("cut off", null);
        }, MAX_AGE, clock);

        assertThatThrownBy(() -> failing.find(ORDERS)).isInstanceOf(TransientStoreException.class);
        clock.advance(MAX_AGE.minusMillis(1));
        assertThatThrownBy(() -> failing.find(ORDERS)).isInstanceOf(TransientStoreException.class);
        assertThat(reads).hasValue(1);

        clock.advance(Duration.ofMillis(1));
        assertThatThrownBy(() -> failing.find(ORDERS)).isInstanceOf(TransientStoreException.class);
        assertThat(reads).as("read again once the failure is the max age old").hasValue(2);
    }

    @Test
    void aMissingTargetIsReadAgainAtTheNextLookUp() {
        assertThat(directory.find(ORDERS)).isEmpty();
        store.put(RelayFixture.target("orders"));

        assertThat(directory.find(ORDERS)).contains(RelayFixture.target("orders"));
    }

    private static Target moved(Target target) {
        return new Target(target.id(), URI.create("https://elsewhere.example/hooks"), target.secret(), target.timeout(),
                target.retrySchedule(), target.maxInFlight());
    }

    /** Targets by id, counting the reads that reach it. */
    private static final class SharedTargets {
        private final Map<ScopedId, Target> targets = new ConcurrentHashMap<>();
        private final AtomicInteger reads = new AtomicInteger();

        void put(Target target) {
            targets.put(new ScopedId(TENANT, target.id()), target);
        }

        Optional<Target> find(ScopedId id) {
            reads.incrementAndGet();
            return Optional.ofNullable(targets.get(id));
        }
    }
}
