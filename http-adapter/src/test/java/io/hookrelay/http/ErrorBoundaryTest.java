package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.hookrelay.queue.testing.Await;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A failure thrown after the whole answer went out, as Undertow's own completion work throws when the server stops
 * while an exchange ends ({@code XNIO007007: Thread is terminating}), is no failed request: no ERROR, no stack trace.
 */
class ErrorBoundaryTest {
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(ErrorBoundary.class);
    private Undertow server;

    @AfterEach
    void stop() {
        logger.detachAppender(log);
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void aFailureAfterTheWholeAnswerWasSentIsOneWarningLine() throws Exception {
        HttpResponse<String> answer = send(exchange -> {
            JsonResponses.send(exchange, 200, new JsonResponses.ErrorBody("none", "answered"));
            throw new RejectedExecutionException("XNIO007007: Thread is terminating");
        });

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("answered");
        Await.until("the failure after the answer was logged", Duration.ofSeconds(10), () -> !log.list.isEmpty());
        assertThat(log.list).singleElement().satisfies(event -> {
            assertThat(event.getLevel()).isEqualTo(Level.WARN);
            assertThat(event.getFormattedMessage()).isEqualTo(
                    "GET /x was answered, then failed: java.util.concurrent.RejectedExecutionException: XNIO007007: Thread is terminating");
            assertThat(event.getThrowableProxy()).isNull();
        });
    }

    @Test
    void aFailureBeforeTheAnswerIsA500LoggedAtError() throws Exception {
        HttpResponse<String> answer = send(exchange -> {
            throw new IllegalStateException("a bug");
        });

        assertThat(answer.statusCode()).isEqualTo(500);
        Await.until("the failure was logged", Duration.ofSeconds(10), () -> !log.list.isEmpty());
        assertThat(log.list).singleElement().satisfies(event -> assertThat(event.getLevel()).isEqualTo(Level.ERROR));
    }

    private HttpResponse<String> send(HttpHandler endpoint) throws Exception {
        log.start();
        logger.addAppender(log);
        server = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(new BlockingHandler(new ErrorBoundary(endpoint))).build();
        server.start();
        int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/x")).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
