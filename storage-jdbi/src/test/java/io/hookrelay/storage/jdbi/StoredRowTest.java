package io.hookrelay.storage.jdbi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoredRowTest {

    @Test
    void aWholeNumberReadsTheSameWhicheverNumberTypeTheDatabaseHandsBack() {
        MapRow row = new MapRow(Map.of("small", 7, "large", 7L, "at", 1_764_584_130_123L));

        assertThat(row.integer("small")).isEqualTo(row.integer("large")).isEqualTo(7);
        assertThat(row.longInteger("small")).isEqualTo(7L);
        assertThat(row.instant("at")).isEqualTo(Instant.ofEpochMilli(1_764_584_130_123L));
    }

    @Test
    void aNumberTooLargeForAnIntIsRefusedRatherThanCut() {
        MapRow row = new MapRow(Map.of("count", 1L << 32));

        assertThatThrownBy(() -> row.integer("count")).isInstanceOf(ArithmeticException.class);
    }
}
