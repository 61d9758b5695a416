package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.Samples;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The route endpoints pass a route's event types and payload filters to {@code ManageRoutes} as the client wrote them. */
class RouteEndpointsTest {
    private final List<Object> given = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(new ManageRoutes() {
        @Override
        public Route create(TenantId tenant, String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
            given.add(List.of(sourceId, targetId, eventTypes, filters));
            return Samples.route();
        }

        @Override
        public List<Route> list(TenantId tenant) {
            return List.of(Samples.route());
        }

        @Override
        public void delete(TenantId tenant, String id) {
            given.add(id);
        }
    });

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void routesAreCreatedListedAndDeleted() throws Exception {
        HttpResponse<String> created = server.send("POST", "/api/v1/routes", "{\"source\":\"github\",\"target\":\"billing\","
                + "\"event_types\":[\"push\",\"issue.*\"],\"filters\":[{\"pointer\":\"/ref\",\"prefix\":\"refs/heads/\"},"
                + "{\"pointer\":\"/deleted\",\"equals\":null},{\"pointer\":\"/size\",\"in\":[1.5,true,\"x\"]}]}");
        HttpResponse<String> everything = server.send("POST", "/api/v1/routes", "{\"source\":\"github\",\"target\":\"billing\"}");
        HttpResponse<String> list = server.send("GET", "/api/v1/routes", null);
        HttpResponse<String> deleted = server.send("DELETE", "/api/v1/routes/" + Samples.ROUTE_ID, null);

        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(new ObjectMapper().readTree(created.body()).get("id").asText()).isEqualTo(Samples.ROUTE_ID);
        assertThat(everything.statusCode()).isEqualTo(201);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(deleted.statusCode()).isEqualTo(204);
        assertThat(given).containsExactly(List.of("github", "billing", List.of("push", "issue.*"), List.of(
                        new PayloadFilter("/ref", new PayloadFilter.Prefix("refs/heads/")),
                        new PayloadFilter("/deleted", new PayloadFilter.Equals(JsonValue.Null.NULL)),
                        new PayloadFilter("/size", new PayloadFilter.OneOf(List.of(new JsonValue.Decimal(new BigDecimal("1.5")),
                                new JsonValue.Bool(true), new JsonValue.Text("x")))))),
                List.of("github", "billing", List.of(), List.of()), Samples.ROUTE_ID);
    }
}
