package io.hookrelay.storage.sqlite;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Configuration (sources, targets, routes, tenants) as last read, so the reads every webhook and every delivery
 * attempt make are answered from memory.
 *
 * <p>Those reads are most of a webhook's CPU, for rows that change only when an operator edits them. Correctness rests on one process owning the data directory:
 * every configuration write goes through this process, and {@link #invalidate} runs after each one, so
 * nothing read before a write is answered after it returns.
 *
 * <p>A read that races a write must not put back what the write replaced. Each load remembers the
 * generation it started in; {@code invalidate} moves the generation on before it clears, so a load that
 * finishes after the move takes its own entry out again, and one that finished before is cleared.
 *
 * <p>At most {@link #MAX_ENTRIES} are kept, so lookups of ids that do not exist (anyone may post to any
 * {@code /hooks/{source}}) cannot grow it without bound; beyond that, reads go to the database.
 */
final class ConfigCache {
    static final int MAX_ENTRIES = 10_000;

    private final AtomicLong generation = new AtomicLong();
    private final Map<List<String>, Object> entries = new ConcurrentHashMap<>();

    /**
     * @param key  what is read and its arguments, such as {@code ["source", id]}; each first element
     *             stands for one type of value
     * @param load reads the value from the database
     */
    @SuppressWarnings("unchecked")
    <V> V get(List<String> key, Supplier<V> load) {
        Object cached = entries.get(key);
        if (cached != null) {
            return (V) cached;
        }
        long started = generation.get();
        V loaded = load.get();
        if (entries.size() < MAX_ENTRIES) {
            entries.put(key, loaded);
            if (generation.get() != started) {
                entries.remove(key, loaded);
            }
        }
        return loaded;
    }

    /** After every configuration write, whether or not it committed. */
    void invalidate() {
        generation.incrementAndGet();
        entries.clear();
    }

    int size() {
        return entries.size();
    }
}
