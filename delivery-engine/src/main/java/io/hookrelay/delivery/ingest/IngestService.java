package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.IngestResult;
import io.hookrelay.delivery.JsonPointerReader;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.RouteStore;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.queue.IntentQueue;

/** STUB: to be implemented. */
public final class IngestService {
    public IngestService(SourceStore sources, RouteStore routes, EventStore events, IntentQueue queue,
                         JsonPointerReader jsonPointer, Ulids ulids, RelayMetrics metrics) {
        throw new UnsupportedOperationException("stub");
    }

    /**
     * @throws io.hookrelay.delivery.NotFoundException code unknown_source
     * @throws io.hookrelay.delivery.PayloadTooLargeException over the source's max_body_bytes
     * @throws io.hookrelay.delivery.InvalidSignatureException failed verification
     */
    public IngestResult ingest(String sourceId, InboundRequest request) {
        throw new UnsupportedOperationException("stub");
    }
}
