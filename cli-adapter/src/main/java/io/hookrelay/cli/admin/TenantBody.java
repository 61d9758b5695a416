package io.hookrelay.cli.admin;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/** A tenant as the API takes it; {@code id} is left out of a replace, whose path names it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record TenantBody(String id, String name, Quotas quotas) {

    /** Each quota null for none; a null is sent as null, since a left-out quota would also be none. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Quotas(Integer ingestPerS, Integer maxInFlight, Integer maxSources, Integer maxTargets) {
        static final Quotas NONE = new Quotas(null, null, null, null);
    }

    /** The tenant an answer shows, as a replace would write it back unchanged. */
    static TenantBody shown(JsonNode tenant) {
        JsonNode quotas = tenant.path("quotas");
        return new TenantBody(null, tenant.path("name").asText(), new Quotas(number(quotas, "ingest_per_s"),
                number(quotas, "max_in_flight"), number(quotas, "max_sources"), number(quotas, "max_targets")));
    }

    private static Integer number(JsonNode quotas, String name) {
        JsonNode value = quotas.path(name);
        return value.isInt() ? value.asInt() : null;
    }
}
