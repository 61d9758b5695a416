package io.hookrelay.http.console;

import io.hookrelay.delivery.error.NotFoundException;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.StatusCodes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;

/**
 * The console's files, read from the class path once, and the headers every console answer carries. The
 * Content-Security-Policy lets a page run only the scripts and styles served here, with no inline script, so even
 * markup that reached a page unescaped could run nothing; pages may not be framed, and are never cached.
 */
final class ConsoleAssets {
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
    private static final String FOLDER = "/io/hookrelay/http/console/";
    /** The chart library's webjar, whose version its own {@code pom.properties} tells. */
    private static final String UPLOT = "/META-INF/resources/webjars/uplot/";
    private static final String UPLOT_VERSION = "/META-INF/maven/org.webjars.npm/uplot/pom.properties";
    private static final String JAVASCRIPT = "text/javascript; charset=utf-8";
    private static final String CSS = "text/css; charset=utf-8";
    private static final Map<String, String> SERVED = Map.of(
            "console.js", JAVASCRIPT, "console.css", CSS, "uPlot.iife.min.js", JAVASCRIPT, "uPlot.min.css", CSS);
    private static final String HTML = "text/html; charset=utf-8";

    private final Map<String, byte[]> files;

    private ConsoleAssets(Map<String, byte[]> files) {
        this.files = files;
    }

    static ConsoleAssets load() {
        String uplot = UPLOT + uplotVersion() + "/dist/";
        return new ConsoleAssets(Map.of(
                "console.js", read(FOLDER + "console.js"), "console.css", read(FOLDER + "console.css"),
                "console.html", read(FOLDER + "console.html"), "login.html", read(FOLDER + "login.html"),
                "uPlot.iife.min.js", read(uplot + "uPlot.iife.min.js"), "uPlot.min.css", read(uplot + "uPlot.min.css")));
    }

    private static String uplotVersion() {
        Properties properties = new Properties();
        try (InputStream in = new ByteArrayInputStream(read(UPLOT_VERSION))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }

    /** A script or style sheet by name; any other name is {@code 404}. */
    void send(HttpServerExchange exchange, String name) {
        String contentType = SERVED.get(name);
        if (contentType == null) {
            throw new NotFoundException("no console file " + name);
        }
        secure(exchange);
        send(exchange, contentType, files.get(name));
    }

    /** A page, each {@code {{name}}} in it replaced by the value's text, escaped for HTML. */
    void sendPage(HttpServerExchange exchange, String name, Map<String, String> values) {
        String page = new String(files.get(name), StandardCharsets.UTF_8);
        for (Map.Entry<String, String> value : values.entrySet()) {
            page = page.replace("{{" + value.getKey() + "}}", escape(value.getValue()));
        }
        secure(exchange);
        send(exchange, HTML, page.getBytes(StandardCharsets.UTF_8));
    }

    static void secure(HttpServerExchange exchange) {
        exchange.getResponseHeaders()
                .put(HttpString.tryFromString("Content-Security-Policy"), CONTENT_SECURITY_POLICY)
                .put(HttpString.tryFromString("X-Content-Type-Options"), "nosniff")
                .put(HttpString.tryFromString("X-Frame-Options"), "DENY")
                .put(HttpString.tryFromString("Referrer-Policy"), "no-referrer")
                .put(Headers.CACHE_CONTROL, "no-store");
    }

    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private static void send(HttpServerExchange exchange, String contentType, byte[] bytes) {
        exchange.setStatusCode(StatusCodes.OK);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, contentType);
        exchange.getResponseSender().send(ByteBuffer.wrap(bytes));
    }

    private static byte[] read(String resource) {
        try (InputStream in = ConsoleAssets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + resource + " is missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
