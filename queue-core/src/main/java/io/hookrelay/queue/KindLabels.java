package io.hookrelay.queue;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Maps intent kinds to metric label values. Kinds come from callers and may be anything; a label value
 * per distinct kind would let one careless producer create unbounded time series, so only a fixed
 * allow-list passes through and every other kind is counted as {@value #OTHER}.
 */
public final class KindLabels {
    public static final String OTHER = "other";
    private static final Set<String> DEFAULT_KINDS = Set.of("delivery", "webhook", "job", "push", "replication");

    private final Set<String> known;

    private KindLabels(Set<String> known) {
        this.known = Set.copyOf(known);
    }

    public static KindLabels defaults() {
        return new KindLabels(DEFAULT_KINDS);
    }

    /** The defaults plus a program's own kinds, for an embedding application with kinds of its own. */
    public static KindLabels withExtra(Set<String> extraKinds) {
        Set<String> all = new HashSet<>(DEFAULT_KINDS);
        all.addAll(extraKinds);
        return new KindLabels(all);
    }

    public String label(String kind) {
        return known.contains(kind) ? kind : OTHER;
    }

    /**
     * Folds raw per-kind counts into per-label counts, with every allowed label present (zero when it has
     * none), so a gauge falls back to 0 instead of keeping its last value when a kind's backlog drains.
     */
    public Map<String, Long> fold(Map<String, Long> countsByKind) {
        Map<String, Long> byLabel = new LinkedHashMap<>();
        known.stream().sorted().forEach(kind -> byLabel.put(kind, 0L));
        byLabel.put(OTHER, 0L);
        countsByKind.forEach((kind, count) -> byLabel.merge(label(kind), count, Long::sum));
        return byLabel;
    }
}
