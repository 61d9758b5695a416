package io.hookrelay.delivery.error;

/** An inbound webhook has already passed through as many relays as ingest allows; nothing was stored. */
public class LoopDetectedException extends RelayException {
    public LoopDetectedException(String message) {
        super("loop_detected", message);
    }
}
