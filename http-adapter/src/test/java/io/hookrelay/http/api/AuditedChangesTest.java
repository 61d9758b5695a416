package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.http.ApiRequest;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingSources;
import io.hookrelay.http.RecordingTargets;
import io.hookrelay.http.Samples;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Methods;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each change through the API reaches the audit log once, named by the route it took; reads and refusals never do. */
class AuditedChangesTest {
    private final ApiServer server = new ApiServer(new RecordingSources(), new RecordingTargets());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aCreateIsRecordedWithTheIdItsAnswerNames() throws Exception {
        assertThat(server.send("POST", "/api/v1/sources", "{\"id\":\"shop\"}").statusCode()).isEqualTo(201);

        assertThat(server.audited()).containsExactly(change("source.create", "source", "shop"));
    }

    @Test
    void anUpdateADeleteAndAnActionAreRecordedWithThePathsId() throws Exception {
        server.send("PUT", "/api/v1/sources/shop", "{}");
        server.send("DELETE", "/api/v1/sources/shop", null);
        server.send("POST", "/api/v1/targets/billing/pause", null);
        server.send("POST", "/api/v1/targets/billing/resume", null);

        assertThat(server.audited()).containsExactly(change("source.update", "source", "shop"), change("source.delete", "source", "shop"),
                change("target.pause", "target", "billing"), change("target.resume", "target", "billing"));
    }

    @Test
    void aTargetsCreateNamesTheTargetAndNeverItsSecret() throws Exception {
        server.send("POST", "/api/v1/targets", "{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\",\"secret\":\""
                + "whsec_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY=\"}");

        assertThat(server.audited()).containsExactly(change("target.create", "target", Samples.target().id()));
        assertThat(server.audited().toString()).doesNotContain("whsec_");
    }

    @Test
    void readsAndRefusalsAreNotRecorded() throws Exception {
        server.send("GET", "/api/v1/sources", null);
        server.send("GET", "/api/v1/targets/billing", null);
        server.send("POST", "/api/v1/sources", "{\"id\":\"Not Valid\"}");
        server.send("PUT", "/api/v1/sources/shop", "{\"id\":\"other\"}");

        assertThat(server.audited()).isEmpty();
    }

    @Test
    void routesThatNameNoResourceIdAreRecordedWithout() {
        AuditedChange settings = AuditHandler.changeOf(Methods.PUT, "/api/v1/settings",
                new ApiRequest(new HttpServerExchange(null)), Reply.noContent());

        assertThat(settings).isEqualTo(new AuditedChange("operator", "default", "settings.update", "settings", Optional.empty()));
    }

    private static AuditedChange change(String action, String type, String id) {
        return new AuditedChange("operator", "default", action, type, Optional.of(id));
    }
}
