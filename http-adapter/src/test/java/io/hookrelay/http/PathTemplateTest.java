package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.undertow.util.Methods;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PathTemplateTest {

    @Test
    void placeholdersTakeOneSegmentEach() {
        PathTemplate template = PathTemplate.parse("/api/v1/targets/{id}/pause");

        assertThat(template.match("/api/v1/targets/billing/pause")).hasValue(Map.of("id", "billing"));
        assertThat(template.match("/api/v1/targets/billing")).isEmpty();
        assertThat(template.match("/api/v1/targets/a/b/pause")).isEmpty();
        assertThat(template.match("/api/v1/targets//pause")).isEmpty();
        assertThat(template.match("/api/v1/targets/billing/pause/")).isEmpty();
    }

    @Test
    void literalsMatchExactly() {
        PathTemplate template = PathTemplate.parse("/api/v1/sources");

        assertThat(template.match("/api/v1/sources")).hasValue(Map.of());
        assertThat(template.match("/api/v1/Sources")).isEmpty();
        assertThat(template.match("/api/v1/sources/")).isEmpty();
        assertThat(template.match("api/v1/sources")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "api", "/a//b", "/a/", "/{}", "/{a", "/a}", "/x{a}", "/{a}{b}"})
    void malformedTemplatesAreRefused(String text) {
        assertThatThrownBy(() -> PathTemplate.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLiteralSegmentOutranksAPlaceholderInTheSamePlace() {
        List<PathTemplate> templates = new ArrayList<>(List.of(
                PathTemplate.parse("/api/v1/deliveries/{id}"),
                PathTemplate.parse("/api/v1/deliveries/retry"),
                PathTemplate.parse("/{any}/v1/deliveries/retry")));

        templates.sort(PathTemplate.MOST_SPECIFIC_FIRST);

        assertThat(templates).extracting(PathTemplate::text)
                .containsExactly("/api/v1/deliveries/retry", "/api/v1/deliveries/{id}", "/{any}/v1/deliveries/retry");
    }

    @Test
    void theRouterRefusesTwoTemplatesForTheSamePaths() {
        Router.Builder router = Router.builder().route(Methods.GET, "/a/{id}", exchange -> { });

        assertThatThrownBy(() -> router.route(Methods.PUT, "/a/{name}", exchange -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/a/{id}");
        assertThatThrownBy(() -> router.route(Methods.GET, "/a/{id}", exchange -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("routed twice");
    }
}
