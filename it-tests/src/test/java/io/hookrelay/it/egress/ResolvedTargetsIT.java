package io.hookrelay.it.egress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.faults.SelfSignedHttpsReceiver;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real jar resolving target host names through a hosts file ({@code jdk.net.hosts.file}, which must be
 * set before the JVM first resolves anything, hence a JVM of its own) and trusting one self-signed receiver
 * whose certificate names {@code receiver.hookrelay.test} and nothing else. A name that resolves to the
 * metadata address gets a target (the name is no address) but never a connection; names that resolve to
 * loopback are delivered to with their own name in {@code Host}, and over TLS the certificate is still
 * checked against the name, though the connection is to the address.
 */
class ResolvedTargetsIT {
    private static final String NAMED = "receiver.hookrelay.test";
    private static final String SECRET_QUERY = "token=s3cret-in-the-query";

    @Test
    void namesAreCheckedAtConnectTimeAndTlsStillChecksTheName(@TempDir Path dir) throws Exception {
        Path tlsDir = Files.createDirectories(dir.resolve("tls"));
        Future<SelfSignedHttpsReceiver> startingTls = SelfSignedHttpsReceiver.startInBackground(tlsDir, "dns:" + NAMED);
        Path hosts = Files.writeString(dir.resolve("hosts"), String.join("\n",
                "169.254.169.254 metadata.hookrelay.test",
                "127.0.0.1 plain.hookrelay.test",
                "127.0.0.1 " + NAMED,
                "127.0.0.1 wrong-name.hookrelay.test", ""), StandardCharsets.UTF_8);
        Path dataDir = dir.resolve("data");
        try (Receiver plain = Receiver.start(); SelfSignedHttpsReceiver tls = startingTls.get(RelayServer.WAIT.toSeconds(), TimeUnit.SECONDS);
             HookrelayProcess relay = HookrelayProcess.startOnJvm(List.of("-Djdk.net.hosts.file=" + hosts,
                     "-Djavax.net.ssl.trustStore=" + tls.keyStore(), "-Djavax.net.ssl.trustStoreType=PKCS12",
                     "-Djavax.net.ssl.trustStorePassword=" + SelfSignedHttpsReceiver.keyStorePassword()),
                     "serve", "--data-dir", dataDir.toString(), "--port", "0")) {
            ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + relay.awaitPort()), Optional.of(HookrelayProcess.adminTokenOf(dataDir)));
            int plainPort = URI.create(plain.url()).getPort();
            Map<String, String> targets = new LinkedHashMap<>();
            targets.put("metadata", "http://metadata.hookrelay.test:" + plainPort + "/latest/meta-data?" + SECRET_QUERY);
            targets.put("plain", "http://plain.hookrelay.test:" + plainPort + Receiver.PATH);
            targets.put("tls", "https://" + NAMED + ":" + tls.port() + "/hook");
            targets.put("wrong-name", "https://wrong-name.hookrelay.test:" + tls.port() + "/hook");
            targets.put("tls-by-address", "https://127.0.0.1:" + tls.port() + "/hook");
            api.post("/api/v1/sources", "{\"id\":\"shop\"}").expect(201);
            targets.forEach((id, url) -> {
                api.post("/api/v1/targets", Json.write(Map.of("id", id, "url", url, "retry_schedule_s", List.of()))).expect(201);
                api.post("/api/v1/routes", Json.write(Map.of("source", "shop", "target", id))).expect(201);
            });

            String eventId = api.ingest("shop", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of())
                    .expect(202).path("event_id").asText();
            Map<String, JsonNode> ended = awaitEnded(api, eventId, targets.size());

            assertThat(ended.get("plain").path("state").asText()).isEqualTo("completed");
            assertThat(plain.requests()).singleElement().satisfies(request ->
                    assertThat(request.header("Host")).hasValue("plain.hookrelay.test:" + plainPort));
            assertThat(ended.get("tls").path("state").asText()).as("%s", ended.get("tls")).isEqualTo("completed");
            assertThat(tls.requestsHandled()).as("only the request for the certificate's name got through").isEqualTo(1);
            assertThat(lastError(ended.get("metadata")))
                    .startsWith("egress_denied: will not connect to metadata.hookrelay.test:" + plainPort + ": 169.254.169.254 is in 169.254.0.0/16")
                    .doesNotContain("s3cret", "meta-data");
            assertThat(lastError(ended.get("wrong-name"))).startsWith("connect_error: could not connect to wrong-name.hookrelay.test:"
                    + tls.port() + ": TLS handshake failed");
            assertThat(lastError(ended.get("tls-by-address"))).startsWith("connect_error: could not connect to 127.0.0.1:"
                    + tls.port() + ": TLS handshake failed");
            assertThat(api.withToken(Optional.empty()).get("/metrics").body())
                    .contains("relay_delivery_attempts_total{outcome=\"egress_denied\"} 1.0");

            relay.terminate();
            assertThat(relay.awaitExit()).isZero();
            assertThat(relay.stdout() + relay.stderr()).doesNotContain("s3cret");
        }
    }

    /** The event's deliveries by target, once every one has ended. */
    private static Map<String, JsonNode> awaitEnded(ApiClient api, String eventId, int count) throws InterruptedException {
        Await.until(count + " deliveries ended", RelayServer.WAIT, () -> {
            JsonNode deliveries = api.get("/api/v1/deliveries?event=" + eventId).expect(200).path("data");
            int ended = 0;
            for (JsonNode delivery : deliveries) {
                ended += List.of("completed", "failed").contains(delivery.path("state").asText()) ? 1 : 0;
            }
            return ended == count;
        });
        Map<String, JsonNode> byTarget = new LinkedHashMap<>();
        api.get("/api/v1/deliveries?event=" + eventId).expect(200).path("data").forEach(delivery -> byTarget.put(
                delivery.path("target").asText(), api.get("/api/v1/deliveries/" + delivery.path("id").asText()).expect(200)));
        return byTarget;
    }

    private static String lastError(JsonNode delivery) {
        assertThat(delivery.path("state").asText()).as("%s", delivery).isEqualTo("failed");
        return delivery.path("last_error").asText();
    }
}
