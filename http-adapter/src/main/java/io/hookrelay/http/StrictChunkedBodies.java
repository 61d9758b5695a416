package io.hookrelay.http;

import io.undertow.conduits.ChunkedStreamSourceConduit;
import io.undertow.conduits.ReadDataStreamSourceConduit;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpServerConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Objects;
import org.xnio.IoUtils;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.ConduitReadableByteChannel;
import org.xnio.conduits.StreamSourceConduit;

/**
 * Puts a {@link ChunkedFraming} check beneath Undertow's chunked decoder for a request sent
 * {@code Transfer-Encoding: chunked}, before any of its body is read: the decoder is built again, as
 * Undertow builds it, over the connection's bytes passing through the check, which first looks at those the
 * parser read along with the head. A body that breaks the
 * grammar fails to read, so it is answered {@code 400} on a connection that then closes, and nothing of it is
 * used. Must run on the I/O thread, first: Undertow's parser has set up the decoder, nothing has read from it.
 */
final class StrictChunkedBodies implements HttpHandler {
    private final HttpHandler next;

    StrictChunkedBodies(HttpHandler next) {
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (exchange.getConnection() instanceof HttpServerConnection connection && TransferCodingCheck.isChunked(exchange)
                && !exchange.isRequestComplete()) {
            ChunkedFraming framing = new ChunkedFraming();
            PooledByteBuffer readWithTheHead = connection.getExtraBytes();
            if (readWithTheHead != null && !holds(framing, readWithTheHead.getBuffer())) {
                // Refused without reading on: the request is answered 400 (ApiRequest) on a connection that then closes.
                exchange.setPersistent(false);
                exchange.putAttachment(ReceivedBody.KEY, new ReceivedBody.BrokenOff());
                next.handleRequest(exchange);
                return;
            }
            // The decoder puts back what it read past its need, to be read again through ReadDataStreamSourceConduit;
            // the check sits beneath that, so it sees each byte once, as it comes off the network.
            StreamSourceConduit checked = new Checked(connection.getOriginalSourceConduit(), framing);
            connection.getChannel().getSourceChannel().setConduit(new ChunkedStreamSourceConduit(
                    new ReadDataStreamSourceConduit(checked, connection), exchange, decoder -> finished(decoder, exchange)));
        }
        next.handleRequest(exchange);
    }

    private static boolean holds(ChunkedFraming framing, ByteBuffer bytes) {
        try {
            framing.check(bytes);
            return true;
        } catch (ChunkedFraming.MalformedChunkedBodyException e) {
            return false;
        }
    }

    /** What Undertow's own decoder does at the body's end: the connection is kept only when all of it was read. */
    private static void finished(ChunkedStreamSourceConduit decoder, HttpServerExchange exchange) {
        if (!decoder.isFinished()) {
            exchange.setPersistent(false);
        }
        Connectors.terminateRequest(exchange);
    }

    /** The raw bytes of one chunked body, checked as they are read, then passed on untouched. */
    private static final class Checked extends AbstractStreamSourceConduit<StreamSourceConduit> {
        private final ChunkedFraming framing;

        Checked(StreamSourceConduit raw, ChunkedFraming framing) {
            super(raw);
            this.framing = framing;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            int start = dst.position();
            int read = next.read(dst);
            if (read > 0 && !framing.isDone()) {
                framing.check(dst.duplicate().position(start).limit(start + read));
            }
            return read;
        }

        @Override
        public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
            for (int i = offs; i < offs + len; i++) {
                if (dsts[i].hasRemaining()) {
                    return read(dsts[i]);
                }
            }
            return 0;
        }

        @Override
        public long transferTo(long position, long count, FileChannel target) throws IOException {
            return target.transferFrom(new ConduitReadableByteChannel(this), position, count);
        }

        @Override
        public long transferTo(long count, ByteBuffer throughBuffer, StreamSinkChannel target) throws IOException {
            return IoUtils.transfer(new ConduitReadableByteChannel(this), count, throughBuffer, target);
        }
    }
}
