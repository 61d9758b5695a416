package io.hookrelay.http.api;

import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.usecase.ManageSources;
import io.hookrelay.http.ApiRequest;
import java.util.Objects;

/** {@code /api/v1/sources}: the sources webhooks arrive from. No answer shows a source's verification secret. */
final class SourceHandlers {
    private static final String SOURCES = "/api/v1/sources";
    private static final String SOURCE = SOURCES + "/{id}";

    private final ManageSources sources;

    SourceHandlers(ManageSources sources) {
        this.sources = Objects.requireNonNull(sources, "sources");
    }

    void addTo(ApiEndpoints api) {
        api.post(SOURCES, request -> Reply.created(SourceJson.of(sources.create(request.tenant(), request.jsonBody(SourceRequest.class).toSource()))));
        api.get(SOURCES, request -> Reply.ok(DataJson.of(sources.list(request.tenant()), SourceJson::of)));
        api.get(SOURCE, request -> Reply.ok(SourceJson.of(sources.get(request.tenant(), id(request)))));
        api.put(SOURCE, this::replace);
        // Its routes go with it, its events stay.
        api.delete(SOURCE, SourceHandlers::id, sources::delete);
    }

    /** The full source, replacing every setting (a left-out one takes its default). */
    private Reply replace(ApiRequest request) {
        String id = id(request);
        return Reply.ok(SourceJson.of(sources.replace(request.tenant(), request.jsonBody(SourceRequest.class).toReplacement(id))));
    }

    private static String id(ApiRequest request) {
        return ResourceIds.require(request.pathParameter("id"), "source");
    }
}
