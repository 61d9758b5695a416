package io.hookrelay.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How busy the machine's cores were between two readings of {@code /proc/stat}, every process counted: whether the
 * cores, shared by the relay, the load generator and the receiver, were what ran out.
 */
final class MachineCpu {
    private static final Path STAT = Path.of("/proc/stat");

    private final long idle;
    private final long total;

    private MachineCpu(long idle, long total) {
        this.idle = idle;
        this.total = total;
    }

    /** Now: the time all cores spent, and of it idle or waiting for I/O, since boot. */
    static MachineCpu read() throws IOException {
        String first = Files.readAllLines(STAT).get(0);
        long[] ticks = Arrays.stream(first.substring("cpu".length()).strip().split("\\s+")).mapToLong(Long::parseLong).toArray();
        return new MachineCpu(ticks[3] + ticks[4], Arrays.stream(ticks, 0, Math.min(ticks.length, 8)).sum());
    }

    /** The share of the cores' time since {@code earlier} that was not idle, 0 to 1. */
    double busySince(MachineCpu earlier) {
        long elapsed = total - earlier.total;
        return elapsed == 0 ? 0 : 1 - (double) (idle - earlier.idle) / elapsed;
    }
}
