package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The store here stands for a database other nodes change without telling this one. */
class DirectoryTest {
    private static final Duration MAX_AGE = Duration.ofMillis(500);

    private final MutableClock clock = new MutableClock();
    private final SharedTargets store = new SharedTargets();
    private final Directory<Target> directory = new Directory<>(store::find, MAX_AGE, clock);

    @Test
    void aCopyYoungerThanTheMaxAgeIsServedWithoutReadingTheStore() {
        store.put(RelayFixture.target("orders"));
        directory.find("orders");

        clock.advance(MAX_AGE.minusMillis(1));
        directory.find("orders");

        assertThat(store.reads).hasValue(1);
    }

    @Test
    void anotherNodesChangeIsSeenOnceTheCopyIsTheMaxAgeOld() {
        store.put(RelayFixture.target("orders"));
        directory.find("orders");
        Target changed = moved(RelayFixture.target("orders"));
        store.put(changed);

        clock.advance(MAX_AGE.minusMillis(1));
        assertThat(directory.find("orders")).contains(RelayFixture.target("orders"));

        clock.advance(Duration.ofMillis(1));
        assertThat(directory.find("orders")).contains(changed);
    }

    /** A read that took long may hold what the store had before a change made meanwhile: its copy ages from its start. */
    @Test
    void aCopyAgesFromWhenItsReadBegan() {
        Target stale = RelayFixture.target("orders");
        Directory<Target> slow = new Directory<>(id -> {
            clock.advance(MAX_AGE.minusMillis(100));
            return Optional.of(stale);
        }, MAX_AGE, clock);
        slow.find("orders");

        clock.advance(Duration.ofMillis(100));

        Instant before = clock.instant();
        slow.find("orders");
        assertThat(clock.instant()).as("expired, so read again").isAfter(before);
    }

    @Test
    void anotherNodesDeleteIsSeenOnceTheCopyIsTheMaxAgeOld() {
        store.put(RelayFixture.target("orders"));
        directory.find("orders");
        store.targets.remove("orders");

        clock.advance(MAX_AGE);

        assertThat(directory.find("orders")).isEmpty();
    }

    @Test
    void thisNodesOwnChangeIsSeenAtOnce() {
        store.put(RelayFixture.target("orders"));
        directory.find("orders");
        Target changed = moved(RelayFixture.target("orders"));
        store.put(changed);

        directory.forget("orders");

        assertThat(directory.find("orders")).contains(changed);
    }

    @Test
    void aMissingTargetIsReadAgainAtTheNextLookUp() {
        assertThat(directory.find("orders")).isEmpty();
        store.put(RelayFixture.target("orders"));

        assertThat(directory.find("orders")).contains(RelayFixture.target("orders"));
    }

    private static Target moved(Target target) {
        return new Target(target.id(), URI.create("https://elsewhere.example/hooks"), target.secret(), target.timeout(),
                target.retrySchedule(), target.maxInFlight());
    }

    /** Targets by id, counting the reads that reach it. */
    private static final class SharedTargets implements TargetStore {
        private final Map<String, Target> targets = new ConcurrentHashMap<>();
        private final AtomicInteger reads = new AtomicInteger();

        void put(Target target) {
            targets.put(target.id(), target);
        }

        @Override
        public Optional<Target> find(String id) {
            reads.incrementAndGet();
            return Optional.ofNullable(targets.get(id));
        }

        @Override
        public boolean create(Target target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean delete(String id, Instant now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Target> change(String id, UnaryOperator<Target> change) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Target> list() {
            throw new UnsupportedOperationException();
        }
    }
}
