package io.hookrelay.http;

import java.util.List;

/** What the overview's charts show: this node's recent activity, oldest sample first. */
@FunctionalInterface
public interface ActivityHistory {
    ActivityHistory NONE = List::of;

    List<ActivitySample> samples();
}
