package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ConfigCacheTest {
    private final ConfigCache cache = new ConfigCache();
    private final AtomicInteger loads = new AtomicInteger();

    @Test
    void aValueIsLoadedOnceUntilTheNextInvalidation() {
        assertThat(cache.get(List.of("source", "a"), () -> "v" + loads.incrementAndGet())).isEqualTo("v1");
        assertThat(cache.get(List.of("source", "a"), () -> "v" + loads.incrementAndGet())).isEqualTo("v1");

        cache.invalidate();

        assertThat(cache.get(List.of("source", "a"), () -> "v" + loads.incrementAndGet())).isEqualTo("v2");
        assertThat(loads).hasValue(2);
    }

    @Test
    void aLoadThatAWriteOvertookIsNotKept() {
        String stale = cache.get(List.of("source", "a"), () -> {
            cache.invalidate(); // a configuration write commits while the old row is being read
            return "old";
        });

        assertThat(stale).isEqualTo("old");
        assertThat(cache.size()).isZero();
        assertThat(cache.get(List.of("source", "a"), () -> "new")).isEqualTo("new");
    }

    @Test
    void beyondTheBoundReadsGoToTheDatabaseInsteadOfGrowingTheCache() {
        for (int i = 0; i < ConfigCache.MAX_ENTRIES; i++) {
            cache.get(List.of("source", "id-" + i), () -> "kept");
        }

        cache.get(List.of("source", "one-more"), () -> "v" + loads.incrementAndGet());
        cache.get(List.of("source", "one-more"), () -> "v" + loads.incrementAndGet());

        assertThat(cache.size()).isEqualTo(ConfigCache.MAX_ENTRIES);
        assertThat(loads).hasValue(2);
    }
}
