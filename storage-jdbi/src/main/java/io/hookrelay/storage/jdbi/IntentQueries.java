package io.hookrelay.storage.jdbi;

import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Intent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link JdbiIntentStore} reads, each in its database's SQL: the two databases keep an intent's rows in
 * tables of their own shapes. Each adapter implements it as a JDBI SQL object. Times are epoch milliseconds.
 */
public interface IntentQueries {

    Optional<Intent> find(String id);

    /** Attempt numbers only grow, so their order is the order the attempts ran in. */
    List<AttemptRecord> attempts(String intentId);

    /**
     * How many intents of {@code kind} in {@code state} changed in {@code [since, before)}, of {@code target} and in
     * {@code namespace} when they are not null, up to {@code atMost}.
     */
    int countSelected(String kind, String state, String target, String namespace, long since, long before, int atMost);

    Map<String, Long> countPendingByTarget(String kind, int atMost);

    Map<String, Long> countPendingByKind();

    Optional<Intent> fifoHead(String fifoKey);

    /** Heads of lanes of {@code kind} whose last attempt failed. */
    List<Intent> failingFifoHeads(String kind, int atMost);

    boolean isPaused(String kind, String target);
}
