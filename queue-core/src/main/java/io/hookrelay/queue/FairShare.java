package io.hookrelay.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a claim shares out its rows when more intents are due than it may take: each namespace with due work
 * (the part of a target before {@code /}) gets an equal part of the claim, its oldest due intents, so a
 * namespace with a backlog delays another's fresh work by no more than one claim. The claim fills what the
 * namespaces leave with the oldest due work of any, so a lone backlog is taken at full speed. When more
 * namespaces have due work than a claim takes intents, each claim serves the next of them in turn, after the
 * last one the claim before served, so none waits for more than a round of claims.
 *
 * <p>One per store instance; a claimer of each node keeps its own turn, which is enough: the rule is that none
 * is passed over for long, not that nodes agree on an order.
 */
public final class FairShare {
    private String lastServed = "";

    /**
     * The namespaces a claim of {@code max} serves, and how many intents each; empty when fewer than two
     * namespaces have due work, and the claim in plain due order is already fair.
     *
     * @param due the namespaces with due work, in ascending order
     */
    public synchronized Optional<Turn> turn(List<String> due, int max) {
        if (due.size() < 2) {
            return Optional.empty();
        }
        List<String> served = new ArrayList<>(Math.min(max, due.size()));
        int first = firstAfter(due, lastServed);
        for (int i = 0; i < due.size() && served.size() < max; i++) {
            served.add(due.get((first + i) % due.size()));
        }
        lastServed = served.get(served.size() - 1);
        return Optional.of(new Turn(List.copyOf(served), Math.max(1, max / served.size())));
    }

    private static int firstAfter(List<String> sorted, String name) {
        for (int i = 0; i < sorted.size(); i++) {
            if (sorted.get(i).compareTo(name) > 0) {
                return i;
            }
        }
        return 0;
    }

    /**
     * One claim's share-out.
     *
     * @param namespaces those served, each up to {@code each} of its oldest due intents
     * @param each       at least one
     */
    public record Turn(List<String> namespaces, int each) {
        public Turn {
            namespaces = List.copyOf(namespaces);
            if (namespaces.isEmpty() || each < 1) {
                throw new IllegalArgumentException("a turn serves at least one namespace at least one intent");
            }
        }
    }
}
