package io.hookrelay.http;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.PayloadTooLargeException;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.tenant.KeyGrant;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.PathTemplateMatch;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a handler may read of a request: path placeholders, query parameters, headers, and the body, which is only
 * ever read with a limit.
 *
 * <p>The body was read before the handler ran, no further than its limit ({@link RequestBodies}); one that
 * was longer is answered {@code 413 payload_too_large}.
 */
public final class ApiRequest {
    /** The header in which the operator names the tenant a request acts in (DESIGN §12), as Stripe's {@code Stripe-Account}. */
    public static final String TENANT_HEADER = "Hookrelay-Tenant";
    private static final AttachmentKey<KeyGrant> KEY = AttachmentKey.create(KeyGrant.class);
    /** Management requests are small JSON documents; anything larger is a mistake or abuse. */
    public static final int MAX_JSON_BYTES = 64 * 1024;

    private final HttpServerExchange exchange;

    public ApiRequest(HttpServerExchange exchange) {
        this.exchange = exchange;
    }

    /** The value of the {@code {name}} placeholder of the route's template ({@link Routes}). */
    public String pathParameter(String name) {
        String value = exchange.getAttachment(PathTemplateMatch.ATTACHMENT_KEY).getParameters().get(name);
        if (value == null) {
            throw new IllegalStateException("the route has no placeholder {" + name + "}");
        }
        return value;
    }

    /** Marks the exchange as opened by the tenant key that {@code grant} is of, not by the operator. */
    public static void signedInWith(HttpServerExchange exchange, KeyGrant grant) {
        exchange.putAttachment(KEY, grant);
    }

    /** The tenant key the request was signed in with; none for the operator. */
    public Optional<KeyGrant> key() {
        return Optional.ofNullable(exchange.getAttachment(KEY));
    }

    /**
     * The tenant the request acts in: its key's, or for the operator the one its {@value #TENANT_HEADER} header names,
     * else {@code default}.
     *
     * @throws io.hookrelay.delivery.error.InvalidRequestException when the header names no valid tenant id
     */
    public TenantId tenant() {
        return key().map(KeyGrant::tenant).orElseGet(() -> header(TENANT_HEADER).map(TenantId::of).orElse(TenantId.DEFAULT));
    }

    public boolean hasPathParameter(String name) {
        return exchange.getAttachment(PathTemplateMatch.ATTACHMENT_KEY).getParameters().containsKey(name);
    }

    /** A query parameter given at most once. */
    public Optional<String> queryParameter(String name) {
        Deque<String> values = exchange.getQueryParameters().get(name);
        if (values == null || values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() > 1) {
            throw new InvalidRequestException("query parameter " + name + " may be given once");
        }
        return Optional.of(values.getFirst());
    }

    /**
     * Every request header, repeated values joined with {@code ", "}; names as sent, since
     * {@link io.hookrelay.delivery.usecase.InboundRequest} is where they are lower-cased.
     */
    public Map<String, String> headers() {
        Map<String, String> headers = new HashMap<>();
        for (HeaderValues values : exchange.getRequestHeaders()) {
            headers.put(values.getHeaderName().toString(), String.join(", ", values));
        }
        return headers;
    }

    /** One request header by case-insensitive name, repeated values joined with {@code ", "} as {@link #headers()} joins them. */
    public Optional<String> header(String name) {
        HeaderValues values = exchange.getRequestHeaders().get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", values));
    }

    /** The request's {@code Content-Type}, or empty text when it has none. */
    public String contentType() {
        return Optional.ofNullable(exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE)).orElse("");
    }

    /** The body as {@code type}, read strictly ({@link Json#read}) once its {@link JsonContentType} is checked. */
    public <T> T jsonBody(Class<T> type) {
        return Json.read(jsonBytes(), type);
    }

    /** The body as {@code type}, or empty when there is none: for endpoints whose every field has a default. */
    public <T> Optional<T> optionalJsonBody(Class<T> type) {
        byte[] body = jsonBytes();
        return Json.isBlank(body) ? Optional.empty() : Optional.of(Json.read(body, type));
    }

    /** For endpoints that take no body: none, or an empty JSON object, is fine; anything else is refused. */
    public void noBody() {
        byte[] body = jsonBytes();
        if (!Json.isBlank(body)) {
            Json.read(body, EmptyRequest.class);
        }
    }

    /** The body; one that is there at all must be declared JSON. */
    private byte[] jsonBytes() {
        byte[] body = body();
        if (!Json.isBlank(body)) {
            JsonContentType.require(contentType());
        }
        return body;
    }

    /**
     * The body as {@link RequestBodies} read it, within its endpoint's limit.
     *
     * @throws PayloadTooLargeException when it was longer than the limit
     */
    public byte[] body() {
        ReceivedBody received = received();
        if (received instanceof ReceivedBody.Whole whole) {
            return whole.bytes();
        }
        if (received instanceof ReceivedBody.OverLimit over) {
            throw tooLarge(over.limit());
        }
        if (received instanceof ReceivedBody.NoRoom) {
            throw new TooBusyException("too many request bodies are being received; try again shortly");
        }
        throw brokenOff();
    }

    /** Whether the body was longer than its endpoint's limit, so that none of it is kept. */
    public boolean bodyIsOverLimit() {
        return received() instanceof ReceivedBody.OverLimit;
    }

    private ReceivedBody received() {
        return ReceivedBody.of(exchange)
                .orElseThrow(() -> new IllegalStateException("the body of " + exchange.getRequestPath() + " was not received first"));
    }

    private static InvalidRequestException brokenOff() {
        // The client broke off, stalled or broke the chunked framing mid-body: its own doing, and it is most likely
        // no longer listening.
        return new InvalidRequestException("the request body could not be read to its end (broken off, stalled or malformed)");
    }

    private static PayloadTooLargeException tooLarge(int limit) {
        return new PayloadTooLargeException("the request body is larger than " + limit + " bytes");
    }

    /** The only body a bodiless endpoint takes: {@code {}}. */
    record EmptyRequest() {
    }
}
