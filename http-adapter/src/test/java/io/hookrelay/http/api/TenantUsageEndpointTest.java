package io.hookrelay.http.api;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.delivery.usecase.ReportTenantUsage;
import io.hookrelay.http.ApiServer;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/tenants/{id}/usage}: the range asked for reaching the use case, its days shown as DESIGN §12 has them. */
class TenantUsageEndpointTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LocalDate DAY = LocalDate.parse("2026-02-28");

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer((ReportTenantUsage) (tenantId, from, to) -> {
        calls.add(tenantId + " " + from.map(LocalDate::toString).orElse("-") + " " + to.map(LocalDate::toString).orElse("-"));
        if (tenantId.equals("ghost")) {
            throw new NotFoundException("no tenant ghost");
        }
        return List.of(new TenantUsage(tenantId, DAY, 12, 30, 11, 1), TenantUsage.none(tenantId, DAY.plusDays(1)));
    });

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theDaysOfTheRangeAreListedWithTheirCounts() throws Exception {
        HttpResponse<String> answer = server.send("GET", "/api/v1/tenants/acme/usage?from=2026-02-28&to=2026-03-01", null);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(answer.body())).isEqualTo(JSON.readTree("""
                {"data":[{"date":"2026-02-28","events_accepted":12,"attempts":30,"deliveries_succeeded":11,"deliveries_failed":1},
                         {"date":"2026-03-01","events_accepted":0,"attempts":0,"deliveries_succeeded":0,"deliveries_failed":0}]}"""));
        assertThat(server.send("GET", "/api/v1/tenants/acme/usage", null).statusCode()).isEqualTo(200);
        assertThat(calls).containsExactly("acme 2026-02-28 2026-03-01", "acme - -");
        assertThat(server.audited()).as("a read changes nothing").isEmpty();
    }

    @Test
    void aDateThatIsNotOneOrAParameterItDoesNotTakeIsRefusedBeforeAnythingIsRead() throws Exception {
        for (String query : List.of("from=2026-02-30", "to=yesterday", "from=2026-3-01", "from=2026-03-01T00:00:00Z", "to=",
                "from=+12026-03-01", "since=2026-03-01")) {
            assertErrorShape(server.send("GET", "/api/v1/tenants/acme/usage?" + query, null), 400, "invalid_request");
        }
        assertErrorShape(server.send("GET", "/api/v1/tenants/Acme/usage", null), 400, "invalid_request");

        assertThat(calls).isEmpty();
    }

    @Test
    void aTenantThatDoesNotExistIsNotFound() throws Exception {
        assertErrorShape(server.send("GET", "/api/v1/tenants/ghost/usage?to=2026-03-01", null), 404, "not_found");
        assertThat(calls).containsExactly("ghost - 2026-03-01");
    }
}
