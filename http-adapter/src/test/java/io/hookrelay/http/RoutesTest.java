package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.NotFoundException;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.PathTemplateMatch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RoutesTest {
    private final List<String> ran = new CopyOnWriteArrayList<>();
    private final Routes routes = new Routes()
            .add(Methods.GET, "/api/v1/deliveries/{id}", exchange -> ran.add("get " + parameters(exchange)))
            .add(Methods.POST, "/api/v1/deliveries/retry", exchange -> ran.add("retry all"))
            .add(Methods.POST, "/api/v1/deliveries/{id}/retry", exchange -> ran.add("retry " + parameters(exchange)))
            .add(Methods.PUT, "/api/v1/sources/{id}", exchange -> ran.add("replace " + parameters(exchange)))
            .add(Methods.DELETE, "/api/v1/sources/{id}", exchange -> ran.add("delete " + parameters(exchange)))
            .add(Methods.GET, "/api/v1/sources", exchange -> ran.add("list"));

    @Test
    void aLiteralSegmentOutranksAPlaceholderInTheSamePlace() throws Exception {
        routes.handleRequest(exchange(Methods.POST, "/api/v1/deliveries/retry"));
        routes.handleRequest(exchange(Methods.GET, "/api/v1/deliveries/dlv_1"));
        routes.handleRequest(exchange(Methods.POST, "/api/v1/deliveries/dlv_1/retry"));

        assertThat(ran).containsExactly("retry all", "get {id=dlv_1}", "retry {id=dlv_1}");
    }

    /** The path finds its template first: a literal one that does not take the method is not passed over for a placeholder. */
    @Test
    void aKnownPathAskedWithAnotherMethodNamesTheMethodsItTakes() {
        assertThatThrownBy(() -> routes.handleRequest(exchange(Methods.GET, "/api/v1/deliveries/retry")))
                .isInstanceOfSatisfying(MethodNotAllowedException.class, refusal -> assertThat(refusal.allowed()).isEqualTo("POST"));
        assertThatThrownBy(() -> routes.handleRequest(exchange(Methods.POST, "/api/v1/sources/github")))
                .isInstanceOfSatisfying(MethodNotAllowedException.class, refusal -> assertThat(refusal.allowed()).isEqualTo("DELETE, PUT"));
        assertThat(ran).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/sources/", "/api/v1//sources", "/api/v1/sources/a/b", "/api/v1/Sources", "api/v1/sources", "/",
            "/api/v1/deliveries//retry", "/api/v1/deliveries/dlv_1/retry/", "/api/v1/deliveries/dlv_1/retryx"})
    void placeholdersTakeOneNonEmptySegmentAndLiteralsMatchExactly(String path) {
        assertThatThrownBy(() -> routes.handleRequest(exchange(Methods.GET, path))).isInstanceOf(NotFoundException.class);
        assertThat(ran).isEmpty();
    }

    /** The query is off the path before it is routed, so a '?' in it was sent percent-encoded, as part of its segment. */
    @Test
    void aQuestionMarkInThePathIsPartOfItsSegment() throws Exception {
        routes.handleRequest(exchange(Methods.GET, "/api/v1/deliveries/a?b"));
        routes.handleRequest(exchange(Methods.GET, "/api/v1/deliveries/a%3Fb%25"));
        assertThatThrownBy(() -> routes.handleRequest(exchange(Methods.GET, "/api/v1/sources?/x"))).isInstanceOf(NotFoundException.class);

        assertThat(ran).containsExactly("get {id=a?b}", "get {id=a%3Fb%25}");
    }

    @Test
    void theMatchedTemplateIsAttachedEvenWhenTheMethodIsRefused() throws Exception {
        HttpServerExchange refused = exchange(Methods.PATCH, "/api/v1/sources/github");
        HttpServerExchange unknown = exchange(Methods.GET, "/nowhere");

        assertThatThrownBy(() -> routes.handleRequest(refused)).isInstanceOf(MethodNotAllowedException.class);
        assertThatThrownBy(() -> routes.handleRequest(unknown)).isInstanceOf(NotFoundException.class);

        assertThat(refused.getAttachment(PathTemplateMatch.ATTACHMENT_KEY).getMatchedTemplate()).isEqualTo("/api/v1/sources/{id}");
        assertThat(unknown.getAttachment(PathTemplateMatch.ATTACHMENT_KEY)).isNull();
    }

    @Test
    void twoRoutesForTheSamePathsAreRefused() {
        assertThatThrownBy(() -> routes.add(Methods.GET, "/api/v1/sources/{name}", exchange -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("/api/v1/sources/{id}");
        assertThatThrownBy(() -> routes.add(Methods.PUT, "/api/v1/sources/{id}", exchange -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("routed twice");
        assertThatThrownBy(() -> routes.add(Methods.GET, "/api/v1/sources/a%2Fb", exchange -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static HttpServerExchange exchange(HttpString method, String path) {
        return new HttpServerExchange(null).setRequestMethod(method).setRelativePath(path);
    }

    private static Map<String, String> parameters(HttpServerExchange exchange) {
        return exchange.getAttachment(PathTemplateMatch.ATTACHMENT_KEY).getParameters();
    }
}
