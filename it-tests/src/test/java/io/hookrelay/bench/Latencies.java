package io.hookrelay.bench;

import java.util.Arrays;

/** Recorded durations in nanoseconds, and their percentiles. Not thread-safe: one per recording thread, merged after. */
final class Latencies {
    private long[] nanos = new long[1024];
    private int count;

    void record(long duration) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = duration;
    }

    int count() {
        return count;
    }

    static Latencies merge(Iterable<Latencies> parts) {
        Latencies all = new Latencies();
        for (Latencies part : parts) {
            for (int i = 0; i < part.count; i++) {
                all.record(part.nanos[i]);
            }
        }
        return all;
    }

    /** The {@code p}-th percentile (nearest rank) in milliseconds; NaN when nothing was recorded. */
    double percentileMillis(double p) {
        if (count == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * count);
        return sorted[Math.max(0, Math.min(count - 1, rank - 1))] / 1_000_000.0;
    }
}
