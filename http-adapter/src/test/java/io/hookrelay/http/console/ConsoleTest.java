package io.hookrelay.http.console;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingSources;
import io.hookrelay.http.RecordingTargets;
import io.hookrelay.queue.testing.MutableClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConsoleTest {
    private final MutableClock clock = new MutableClock();
    private final RecordingSources sources = new RecordingSources();
    private final RecordingTargets targets = new RecordingTargets();
    private ApiServer server = new ApiServer(routes -> routes.withConsole(clock, false), sources, targets);
    private ConsoleClient console = new ConsoleClient(server);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theConsolePageWithoutASessionSendsTheBrowserToSignIn() throws Exception {
        HttpResponse<String> response = console.get("/console", null);

        assertThat(response.statusCode()).isEqualTo(303);
        assertThat(response.headers().firstValue("Location")).hasValue("/console/login");
    }

    @Test
    void theSignInFormIsServedWithAStrictContentSecurityPolicy() throws Exception {
        HttpResponse<String> response = console.get("/console/login", null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("name=\"token\"");
        assertThat(response.headers().firstValue("Content-Security-Policy")).hasValue(ConsoleAssets.CONTENT_SECURITY_POLICY);
        assertThat(ConsoleAssets.CONTENT_SECURITY_POLICY).contains("script-src 'self'").doesNotContain("unsafe");
        assertThat(response.headers().firstValue("X-Frame-Options")).hasValue("DENY");
    }

    @Test
    void theAdminTokenSignsInWithAnHttpOnlyStrictCookie() throws Exception {
        HttpResponse<String> response = console.signIn(ApiServer.TOKEN);

        assertThat(response.statusCode()).isEqualTo(303);
        assertThat(response.headers().firstValue("Location")).hasValue("/console");
        String cookie = ConsoleClient.setCookie(response, ConsoleSessions.COOKIE);
        assertThat(cookie).contains("HttpOnly").containsIgnoringCase("SameSite=Strict")
                .contains("Path=/").doesNotContain("Secure").doesNotContain(ApiServer.TOKEN);
    }

    @Test
    void behindHttpsTheCookieIsSecure() throws Exception {
        server.close();
        server = new ApiServer(routes -> routes.withConsole(clock, true), sources, targets);
        console = new ConsoleClient(server);

        HttpResponse<String> signedIn = console.signIn(ApiServer.TOKEN);
        assertThat(ConsoleClient.setCookie(signedIn, ConsoleSessions.COOKIE)).contains("Secure");
        assertThat(ConsoleClient.setCookie(signedIn, ConsoleSessions.DEVICE_COOKIE)).contains("Secure");
    }

    @Test
    void aSessionOpensTheConsolePageAndTheApi() throws Exception {
        String cookie = console.sessionCookie(ApiServer.TOKEN);

        HttpResponse<String> page = console.get("/console", cookie);
        HttpResponse<String> list = console.get("/api/v1/sources", cookie);

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(ConsoleClient.CSRF_META.matcher(page.body()).find()).isTrue();
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(sources.given).containsExactly("list");
    }

    @Test
    void aChangeFromTheConsoleWithoutItsCsrfTokenIsRefusedAndChangesNothing() throws Exception {
        String cookie = console.sessionCookie(ApiServer.TOKEN);

        HttpResponse<String> none = console.send(console.post("/api/v1/targets/t1/pause", cookie));
        HttpResponse<String> wrong = console.send(console.post("/api/v1/targets/t1/pause", cookie)
                .header(ApiAuthentication.CSRF_HEADER, "guess"));

        assertErrorShape(none, 403, "forbidden");
        assertErrorShape(wrong, 403, "forbidden");
        assertThat(targets.given).isEmpty();
    }

    @Test
    void aChangeFromTheConsoleWithItsCsrfTokenIsMade() throws Exception {
        String cookie = console.sessionCookie(ApiServer.TOKEN);

        HttpResponse<String> response = console.send(console.post("/api/v1/targets/t1/pause", cookie)
                .header(ApiAuthentication.CSRF_HEADER, console.csrfToken(cookie)));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(targets.given).containsExactly("pause t1");
    }

    @Test
    void aCsrfTokenOfAnotherSessionIsRefused() throws Exception {
        String mine = console.sessionCookie(ApiServer.TOKEN);
        String theirs = console.sessionCookie(ApiServer.TOKEN);

        HttpResponse<String> response = console.send(console.post("/api/v1/targets/t1/pause", mine)
                .header(ApiAuthentication.CSRF_HEADER, console.csrfToken(theirs)));

        assertErrorShape(response, 403, "forbidden");
    }

    @Test
    void aForgedOrAlteredCookieOpensNothing() throws Exception {
        String cookie = console.sessionCookie(ApiServer.TOKEN);
        String value = cookie.substring(cookie.indexOf('=') + 1);
        String[] parts = value.split("\\.");
        String laterExpiry = ConsoleSessions.COOKIE + "=" + (Long.parseLong(parts[0]) + 86_400) + "." + parts[1] + "." + parts[2];

        assertErrorShape(console.get("/api/v1/sources", laterExpiry), 401, "unauthorized");
        assertErrorShape(console.get("/api/v1/sources", ConsoleSessions.COOKIE + "=1.2.3"), 401, "unauthorized");
        assertErrorShape(console.get("/api/v1/sources", cookie + "="), 401, "unauthorized");
        assertErrorShape(console.get("/api/v1/sources", cookie + "=anything"), 401, "unauthorized");
        assertThat(console.get("/console", laterExpiry).statusCode()).isEqualTo(303);
        assertThat(sources.given).isEmpty();
    }

    @Test
    void moreCookiesThanAreReadAreNoSessionRatherThanAFailure() throws Exception {
        String crowd = IntStream.range(0, 250).mapToObj(i -> "c" + i + "=1")
                .collect(Collectors.joining("; "));

        assertErrorShape(console.get("/api/v1/sources", crowd + "; " + console.sessionCookie(ApiServer.TOKEN)), 401, "unauthorized");
        assertThat(console.get("/console", crowd).statusCode()).isEqualTo(303);
        assertThat(sources.given).isEmpty();
    }

    @Test
    void aSessionEndsWhenItsLifetimeHasPassed() throws Exception {
        String cookie = console.sessionCookie(ApiServer.TOKEN);
        clock.advance(ConsoleSessions.DEFAULT_LIFETIME.plusSeconds(1));

        assertErrorShape(console.get("/api/v1/sources", cookie), 401, "unauthorized");
        assertThat(console.get("/console", cookie).statusCode()).isEqualTo(303);
    }

    @Test
    void aWrongTokenFailsAndTheNextTryMustWait() throws Exception {
        HttpResponse<String> wrong = console.signIn("not-the-token");
        HttpResponse<String> rightTooSoon = console.signIn(ApiServer.TOKEN);
        clock.advance(Duration.ofSeconds(1));
        HttpResponse<String> rightLater = console.signIn(ApiServer.TOKEN);

        assertThat(wrong.headers().firstValue("Location")).hasValue("/console/login?failed");
        assertThat(wrong.headers().firstValue("Set-Cookie")).isEmpty();
        assertThat(rightTooSoon.headers().firstValue("Location")).hasValue("/console/login?wait");
        assertThat(rightTooSoon.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(rightTooSoon.headers().firstValue("Set-Cookie")).isEmpty();
        assertThat(rightLater.headers().firstValue("Location")).hasValue("/console");
    }

    /** Every client behind one proxy shares its address: a browser that signed in before is throttled as itself. */
    @Test
    void othersFailingFromTheSameAddressNeverMakeABrowserThatSignedInBeforeWait() throws Exception {
        String device = ConsoleClient.setCookie(console.signIn(ApiServer.TOKEN), ConsoleSessions.DEVICE_COOKIE);
        String deviceCookie = device.substring(0, device.indexOf(';'));
        HttpResponse<String> othersWrong = console.signIn("not-the-token");
        HttpResponse<String> othersRightTooSoon = console.signIn(ApiServer.TOKEN);
        HttpResponse<String> forgedDevice = console.signIn(ApiServer.TOKEN, ConsoleSessions.DEVICE_COOKIE + "=forged.x");

        HttpResponse<String> operator = console.signIn(ApiServer.TOKEN, deviceCookie);

        assertThat(device).contains("HttpOnly").containsIgnoringCase("SameSite=Strict").contains("Max-Age=34560000");
        assertThat(othersWrong.headers().firstValue("Location")).hasValue("/console/login?failed");
        assertThat(othersRightTooSoon.headers().firstValue("Location")).hasValue("/console/login?wait");
        assertThat(forgedDevice.headers().firstValue("Location")).as("a device cookie this server did not sign is the address's")
                .hasValue("/console/login?wait");
        assertThat(operator.headers().firstValue("Location")).hasValue("/console");
        assertThat(ConsoleClient.setCookie(operator, ConsoleSessions.DEVICE_COOKIE)).as("the same device again")
                .startsWith(deviceCookie + ";");
    }

    @Test
    void signOutClearsTheCookieAndNeedsTheCsrfToken() throws Exception {
        String cookie = console.sessionCookie(ApiServer.TOKEN);

        HttpResponse<String> withoutToken = console.send(console.form("/console/logout", cookie, "csrf=guess"));
        HttpResponse<String> signedOut = console.send(console.form("/console/logout", cookie, "csrf=" + console.csrfToken(cookie)));

        assertErrorShape(withoutToken, 403, "forbidden");
        assertThat(signedOut.statusCode()).isEqualTo(303);
        assertThat(signedOut.headers().firstValue("Location")).hasValue("/console/login");
        assertThat(signedOut.headers().firstValue("Set-Cookie").orElseThrow())
                .startsWith(ConsoleSessions.COOKIE + "=;").contains("Expires=Thu, 01-Jan-1970");
    }

    @Test
    void theConsoleServesItsScriptAndStyleAndNothingElse() throws Exception {
        HttpResponse<String> script = console.get("/console/assets/console.js", null);
        HttpResponse<String> page = console.get("/console/assets/console.html", null);

        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.headers().firstValue("Content-Type")).hasValue("text/javascript; charset=utf-8");
        assertThat(script.body()).doesNotContain("innerHTML");
        assertErrorShape(page, 404, "not_found");
    }

    @Test
    void valuesPutIntoAPageAreEscaped() {
        assertThat(ConsoleAssets.escape("<script>\"a\"&'b'</script>"))
                .isEqualTo("&lt;script&gt;&quot;a&quot;&amp;&#39;b&#39;&lt;/script&gt;");
    }
}
