package io.hookrelay.it.egress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A relay told {@code --deny-targets 127.0.0.0/8,::1}, as a multi-tenant operator denies the ranges beside
 * it: no spelling of a loopback address gets a target, and a host name that resolves there gets a target but
 * no delivery, each attempt an {@code egress_denied} error retried on the target's schedule and counted.
 */
class LoopbackDeniedIT {
    private static final String TARGETS = "/api/v1/targets";
    private static final String EGRESS_DENIED = "relay_delivery_attempts_total{outcome=\"egress_denied\"}";

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;

    @BeforeEach
    void denyLoopback(@TempDir Path dataDir) {
        EgressPolicy loopbackDenied = EgressPolicy.of(List.of(), EgressPolicy.parseList("127.0.0.0/8,::1"));
        relay = RelayServer.startWith(dataDir, options -> options.withEgress(loopbackDenied));
        receiver = relay.startReceiver();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::127.0.0.1]", "[::1]",
            "[0:0:0:0:0:0:0:1]"})
    void aLoopbackAddressInAnySpellingIsRefusedAndNothingIsStored(String host) {
        ApiResponse created = relay.api().post(TARGETS, target("t1", "http://" + host + ":" + port() + "/webhooks"));
        relay.createTarget(byName("fine"));
        ApiResponse replaced = relay.api().put(TARGETS + "/fine", "{\"url\":\"http://" + host + ":" + port() + "/webhooks\"}");

        assertThat(created.status()).as("%s", created).isEqualTo(400);
        assertThat(created.error()).isEqualTo("egress_denied");
        assertThat(created.json().path("message").asText()).contains("which the egress policy denies");
        assertThat(replaced.status()).as("%s", replaced).isEqualTo(400);
        assertThat(replaced.error()).isEqualTo("egress_denied");
        assertThat(targetIds()).containsExactly("fine");
        assertThat(relay.target("fine").path("url").asText()).isEqualTo(byName("fine").url());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.1", "017700000001"})
    void aNumericSpellingOfLoopbackIsRefusedAsAmbiguous(String host) {
        ApiResponse created = relay.api().post(TARGETS, target("t1", "http://" + host + ":" + port() + "/webhooks"));

        assertThat(created.status()).as("%s", created).isEqualTo(400);
        assertThat(created.error()).isEqualTo("invalid_request");
        assertThat(targetIds()).isEmpty();
    }

    @Test
    void aNameThatResolvesToLoopbackIsDeniedAtEveryAttemptAndReachesNothing() throws Exception {
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", byName("local").retrySchedule(0));
        double deniedBefore = egressDeniedCount();

        String deliveryId = relay.onlyDeliveryOf(relay.accept("shop", "{\"type\":\"order.created\"}"));
        JsonNode delivery = relay.awaitDelivery(deliveryId, "failed");

        List<String> errors = new ArrayList<>();
        delivery.path("attempt_log").forEach(attempt -> errors.add(attempt.path("error").asText()));
        assertThat(errors).as("both attempts of the schedule").hasSize(2).allSatisfy(error -> assertThat(error)
                .startsWith("egress_denied: will not connect to localhost:" + port() + ": ")
                .contains("which the egress policy denies")
                .doesNotContain(Receiver.PATH));
        assertThat(receiver.requestCount()).isZero();
        Await.until("both denied attempts counted", RelayServer.WAIT, () -> egressDeniedCount() >= deniedBefore + 2);
    }

    /** A target of the receiver by the name {@code localhost}, which the relay resolves at each attempt. */
    private NewTarget byName(String id) {
        return NewTarget.at(id, receiver.url().replace("127.0.0.1", "localhost"));
    }

    private int port() {
        return URI.create(receiver.url()).getPort();
    }

    private List<String> targetIds() {
        List<String> ids = new ArrayList<>();
        relay.api().get(TARGETS).expect(200).path("data").forEach(target -> ids.add(target.path("id").asText()));
        return ids;
    }

    private double egressDeniedCount() {
        return relay.metrics().lines().filter(line -> line.startsWith(EGRESS_DENIED))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    private static String target(String id, String url) {
        return Json.write(Map.of("id", id, "url", url));
    }
}
