package io.hookrelay.http.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.http.ApiServer;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A browser of the console, as far as a test needs one: it signs in, keeps no cookies of its own, and reads the page's CSRF token. */
final class ConsoleClient {
    static final Pattern CSRF_META = Pattern.compile("<meta name=\"csrf-token\" content=\"([A-Za-z0-9_-]+)\">");

    private final ApiServer server;

    ConsoleClient(ApiServer server) {
        this.server = server;
    }

    /** The session cookie, as the browser sends it back, of a sign-in with {@code token}. */
    String sessionCookie(String token) throws Exception {
        String setCookie = setCookie(signIn(token), ConsoleSessions.COOKIE);
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    static String setCookie(HttpResponse<String> response, String name) {
        return response.headers().allValues("Set-Cookie").stream().filter(cookie -> cookie.startsWith(name + "=")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " cookie in " + response.headers()));
    }

    String csrfToken(String cookie) throws Exception {
        Matcher meta = CSRF_META.matcher(get("/console", cookie).body());
        assertThat(meta.find()).isTrue();
        return meta.group(1);
    }

    HttpResponse<String> signIn(String token) throws Exception {
        return signIn(token, null);
    }

    HttpResponse<String> signIn(String token, String cookie) throws Exception {
        return send(form("/console/login", cookie, "token=" + URLEncoder.encode(token, StandardCharsets.UTF_8)));
    }

    HttpRequest.Builder form(String path, String cookie, String body) {
        HttpRequest.Builder request = server.request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        return cookie == null ? request : request.header("Cookie", cookie);
    }

    HttpRequest.Builder post(String path, String cookie) {
        return server.request(path).header("Cookie", cookie).POST(HttpRequest.BodyPublishers.noBody());
    }

    HttpResponse<String> get(String path, String cookie) throws Exception {
        HttpRequest.Builder request = server.request(path).GET();
        return send(cookie == null ? request : request.header("Cookie", cookie));
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return server.send(request.build());
    }
}
