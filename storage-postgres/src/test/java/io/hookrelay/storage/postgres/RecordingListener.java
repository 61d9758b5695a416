package io.hookrelay.storage.postgres;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.QueueListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Writes down what a store told it, one line per call, for tests to wait for and compare. */
final class RecordingListener implements QueueListener {
    private final List<String> heard = new CopyOnWriteArrayList<>();

    @Override
    public void workAvailable() {
        heard.add("work available");
    }

    @Override
    public void claimRevoked(ClaimRef revoked) {
        heard.add("revoked " + revoked.intentId() + " " + revoked.token());
    }

    @Override
    public void paused(String kind, String target) {
        heard.add("paused " + kind + " " + target);
    }

    List<String> heard() {
        return List.copyOf(heard);
    }

    void clear() {
        heard.clear();
    }

    boolean hasHeard(String line) {
        return heard.contains(line);
    }
}
