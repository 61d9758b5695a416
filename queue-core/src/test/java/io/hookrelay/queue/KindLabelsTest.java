package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KindLabelsTest {
    private final KindLabels labels = KindLabels.defaults();

    @ParameterizedTest
    @ValueSource(strings = {"delivery", "webhook", "job", "push", "replication"})
    void allowListedKindsAreTheirOwnLabel(String kind) {
        assertThat(labels.label(kind)).isEqualTo(kind);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Delivery", "tenant-42-import", "evt_01HZ", "https://example.com/hook", ""})
    void everyOtherKindIsCountedAsOther(String kind) {
        assertThat(labels.label(kind)).isEqualTo(KindLabels.OTHER);
    }

    @Test
    void anEmbeddingProgramCanAllowItsOwnKindsToo() {
        KindLabels extended = KindLabels.withExtra(Set.of("reindex"));

        assertThat(extended.label("reindex")).isEqualTo("reindex");
        assertThat(extended.label("delivery")).isEqualTo("delivery");
        assertThat(extended.label("tenant-42-import")).isEqualTo(KindLabels.OTHER);
        assertThat(labels.label("reindex")).isEqualTo(KindLabels.OTHER);
    }

    @Test
    void foldingNothingGivesEveryLabelAtZero() {
        assertThat(labels.fold(Map.of())).containsOnly(
                entry("delivery", 0L), entry("job", 0L), entry("push", 0L), entry("replication", 0L),
                entry("webhook", 0L), entry(KindLabels.OTHER, 0L));
    }

    @Test
    void foldingSumsUnknownKindsIntoOtherWithoutNamingThem() {
        Map<String, Long> folded = labels.fold(Map.of("delivery", 3L, "tenant-1-import", 2L, "tenant-2-import", 5L));

        assertThat(folded).contains(entry("delivery", 3L), entry("job", 0L), entry(KindLabels.OTHER, 7L))
                .doesNotContainKeys("tenant-1-import", "tenant-2-import");
        assertThat(folded.keySet()).isEqualTo(labels.fold(Map.of()).keySet());
    }
}
