package io.hookrelay.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * The operator console in a real browser against the real server (DESIGN §10), on the storage backend a subclass
 * starts it on: every scenario runs on each.
 */
abstract class ConsoleScenarios {
    @TempDir
    static Path profile;
    private static Browser browser;
    @TempDir
    Path dir;
    private RelayServer server;

    /** A new server with nothing configured, in {@code dataDir} or on a database of its own. */
    abstract RelayServer startServer(Path dataDir) throws Exception;

    /** Names this backend's screenshots. */
    abstract String backend();

    @BeforeAll
    static void openBrowser() {
        browser = Browser.open(profile);
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = startServer(Files.createDirectories(dir.resolve("data")));
        browser.useServer(server.baseUri().toString());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anOperatorSetsUpARouteThenWatchesAWebhookArriveLiveAndBeDelivered() {
        Receiver receiver = server.startReceiver();
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/sources");
        save("source", "{\"id\":\"shop\",\"event_type\":{\"json_pointer\":\"/type\"},\"forward_headers\":[\"X-Shop-Tenant\"]}");
        assertThat(browser.awaitVisible(By.cssSelector("tr[data-source='shop']")).getText()).contains("x-shop-tenant");
        assertThat(server.api().get("/api/v1/sources/shop").expect(200).path("forward_headers").toString()).isEqualTo("[\"x-shop-tenant\"]");
        browser.go("/console#/targets");
        save("target", "{\"id\":\"orders\",\"url\":\"" + receiver.url() + "\",\"max_in_flight\":10,\"rate_limit_per_s\":50}");
        String secret = browser.awaitVisible(By.id("new-secret")).getText();
        browser.go("/console#/targets?edit=orders");
        assertThat(browser.awaitVisible(By.cssSelector("tr[data-target='orders']")).getText()).contains("50/s");
        WebElement grace = browser.awaitVisible(By.id("rotate-grace"));
        grace.clear();
        grace.sendKeys("600");
        browser.awaitVisible(By.id("rotate-secret")).click();
        assertThat(browser.awaitVisible(By.id("rotated-secret")).getText()).startsWith("whsec_").isNotEqualTo(secret);
        assertThat(server.api().get("/api/v1/targets/orders").expect(200).path("previous_secret_until").asText()).isNotEmpty();
        browser.go("/console#/routes");
        browser.awaitVisible(By.id("route-filters")).sendKeys("[{\"pointer\":\"/type\",\"prefix\":\"order.\"}]");
        browser.awaitVisible(By.id("route-create")).click();
        assertThat(browser.awaitVisible(By.cssSelector("tr[data-route]")).getText()).contains("/type prefix \"order.\"");
        assertThat(secret).startsWith("whsec_");
        JsonNode route = server.api().get("/api/v1/routes").expect(200).path("data").get(0);
        assertThat(route.path("target").asText()).isEqualTo("orders");
        assertThat(route.path("filters").toString()).isEqualTo("[{\"pointer\":\"/type\",\"prefix\":\"order.\"}]");

        browser.go("/console#/events");
        browser.awaitVisible(By.cssSelector("#source-filter"));
        String eventId = server.accept("shop", "{\"type\":\"order.paid\",\"id\":\"ord_1\"}");

        browser.awaitVisible(By.cssSelector("tr[data-event='" + eventId + "']"));
        browser.screenshot(backend() + "-events-live");
        browser.driver.findElement(By.linkText(eventId)).click();
        assertThat(browser.awaitVisible(By.id("event-body")).getText()).contains("\"type\": \"order.paid\"");
        browser.await(driver -> {
            driver.navigate().refresh();
            return !driver.findElements(By.cssSelector(".timeline .state-completed")).isEmpty();
        });
        browser.screenshot(backend() + "-event");
        assertThat(receiver.requestCount()).isEqualTo(1);
    }

    @Test
    void aFifoTargetHeldBackByAFailingDeliveryNamesItAndLinksToIt() throws Exception {
        Receiver receiver = server.startReceiver();
        receiver.answerOtherwise(Receiver.Answer.status(500));
        server.createPlainSource("shop");
        server.createRoutedTarget("shop", NewTarget.to("ledger", receiver).fifo().retrySchedule(600));
        String stuck = server.deliveryOf(server.accept("shop", "{\"type\":\"order.paid\"}"), "ledger");
        server.accept("shop", "{\"type\":\"order.paid\"}");
        Await.until("the ledger blocked", RelayServer.WAIT,
                () -> stuck.equals(server.target("ledger").path("blocked_by").path("delivery_id").asText()));
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/targets");
        WebElement row = browser.awaitVisible(By.cssSelector("tr[data-target='ledger']"));
        assertThat(row.getText()).contains("fifo — blocked by " + stuck, "(1 attempt: http_5xx");
        browser.screenshot(backend() + "-fifo-blocked");
        row.findElement(By.linkText(stuck)).click();
        browser.await(ExpectedConditions.urlContains("#/deliveries/" + stuck));
        assertThat(receiver.requestCount()).as("the second event waits behind the first").isEqualTo(1);
    }

    @Test
    void anOperatorChoosesTheOperatorTargetAndSeesAPauseToldToIt() throws Exception {
        Receiver operator = server.startReceiver();
        server.createTarget(NewTarget.to("ops", operator));
        server.createTarget(NewTarget.to("erp", server.startReceiver()));
        browser.signIn(RelayServer.ADMIN_TOKEN);
        browser.go("/console#/operator");

        new Select(browser.awaitVisible(By.id("operator-target"))).selectByValue("ops");
        browser.driver.findElement(By.id("operator-target-save")).click();
        Await.until("the operator target saved", RelayServer.WAIT,
                () -> "ops".equals(server.api().get("/api/v1/settings").expect(200).path("operator_target").asText()));
        server.api().post("/api/v1/targets/erp/pause").expect(200);
        String told = operator.awaitRequests(1).get(0).header("webhook-id").orElseThrow();
        server.awaitDelivery(server.onlyDeliveryOf(told), "completed");
        browser.go("/console#/targets");
        browser.go("/console#/operator");

        WebElement row = browser.awaitVisible(By.cssSelector("tr[data-operator-event='" + told + "']"));
        assertThat(row.getText()).contains("target.paused", "erp", "operator", "completed");
        assertThat(new Select(browser.driver.findElement(By.id("operator-target"))).getFirstSelectedOption().getText()).isEqualTo("ops");
        browser.screenshot(backend() + "-operator-events");
    }

    @Test
    void theOverviewChartsTheNodesActivityAndWhatWaitsForEachTarget() throws Exception {
        Receiver receiver = server.startReceiver();
        receiver.holdRequests();
        server.createPlainSource("shop");
        server.createRoutedTarget("shop", NewTarget.to("orders", receiver).maxInFlight(1));
        for (int i = 0; i < 3; i++) {
            server.accept("shop", "{\"type\":\"order.paid\"}");
        }
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/");

        assertThat(browser.awaitVisible(By.cssSelector("tr[data-pending='orders']")).getText()).contains("orders");
        for (String chart : List.of("chart-rates", "chart-failures", "chart-lag", "chart-pending")) {
            assertThat(browser.driver.findElements(By.cssSelector("#" + chart + " canvas"))).as(chart).hasSize(1);
        }
        assertThat(browser.driver.findElement(By.id("view")).getText()).contains("Pending deliveries");
        browser.screenshot(backend() + "-overview");
        receiver.releaseAll();
    }

    @Test
    void aBadDocumentIsRefusedWithTheApisMessageAndChangesNothing() {
        browser.signIn(RelayServer.ADMIN_TOKEN);
        browser.go("/console#/targets");

        save("target", "{\"id\":\"orders\",\"url\":\"ftp://example.com\"}");

        assertThat(browser.awaitVisible(By.id("target-problem")).getText()).contains("url");
        assertThat(server.api().get("/api/v1/targets").expect(200).path("data")).isEmpty();
    }

    @Test
    void failedDeliveriesShowTheirAttemptLogAndCompleteWhenRetriedInBulkAfterThePreview() throws Exception {
        Receiver receiver = server.startReceiver();
        receiver.answerOtherwise(Receiver.Answer.status(500).withBody("upstream broke"));
        Receiver other = server.startReceiver();
        other.answerOtherwise(Receiver.Answer.status(500));
        server.createPlainSource("shop");
        server.createRoutedTarget("shop", NewTarget.to("orders", receiver).retrySchedule());
        server.createRoutedTarget("shop", NewTarget.to("audit", other).retrySchedule());
        List<String> toOrders = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            String eventId = server.accept("shop", "{\"type\":\"order.paid\",\"n\":" + i + "}");
            toOrders.add(server.deliveryOf(eventId, "orders"));
            server.awaitDelivery(server.deliveryOf(eventId, "audit"), "failed");
        }
        for (String id : toOrders) {
            server.awaitDelivery(id, "failed");
        }
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/failed");
        browser.awaitVisible(By.linkText(toOrders.get(0))).click();
        assertThat(browser.awaitVisible(By.cssSelector("tr.attempt")).getText()).contains("500").contains("upstream broke");
        browser.screenshot(backend() + "-delivery-attempt-log");
        receiver.answerOtherwise(Receiver.Answer.status(200));
        browser.go("/console#/failed");
        new Select(browser.awaitVisible(By.id("bulk-target"))).selectByValue("orders");
        browser.driver.findElement(By.id("bulk-preview")).click();

        assertThat(browser.awaitVisible(By.id("bulk-count")).getText()).startsWith("2 failed deliveries match");
        assertThat(server.delivery(toOrders.get(0)).path("state").asText()).as("a preview retries nothing").isEqualTo("failed");
        assertThat(browser.driver.findElement(By.id("view")).getText()).doesNotContain("null").doesNotContain("undefined");
        browser.screenshot(backend() + "-bulk-retry-preview");
        browser.driver.findElement(By.id("bulk-retry")).click();
        assertThat(browser.awaitVisible(By.id("bulk-done")).getText()).isEqualTo("Retried 2.");
        for (String id : toOrders) {
            server.awaitDelivery(id, "completed");
        }
        assertThat(server.deliveriesToTarget("audit")).allSatisfy(audit -> assertThat(audit.path("state").asText()).isEqualTo("failed"));
        browser.go("/console#/deliveries/" + toOrders.get(0));
        browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("delivery-state"), "completed"));
        assertThat(browser.driver.findElements(By.cssSelector("tr.attempt"))).hasSize(2);
    }

    @Test
    void aDeliveryIsRetriedFromItsOwnPage() throws Exception {
        Receiver receiver = server.startReceiver();
        receiver.answerOtherwise(Receiver.Answer.status(503));
        server.createPlainSource("shop");
        server.createRoutedTarget("shop", NewTarget.to("orders", receiver).retrySchedule());
        String deliveryId = server.onlyDeliveryOf(server.accept("shop", "{\"type\":\"order.paid\"}"));
        server.awaitDelivery(deliveryId, "failed");
        receiver.answerOtherwise(Receiver.Answer.status(204));
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/deliveries/" + deliveryId);
        WebElement retry = browser.awaitVisible(By.id("retry"));
        assertThat(browser.driver.findElements(By.id("cancel"))).as("a failed delivery cannot be cancelled").isEmpty();
        retry.click();

        browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("delivery-state"), "completed"));
    }

    /** An attempt cut off before its outcome was written still has its row, saying why, in the console and the API. */
    @Test
    void aDeliveryCancelledWhileAtItsReceiverShowsThatAttemptAbandoned() throws Exception {
        Receiver receiver = server.startReceiver();
        receiver.holdRequests();
        server.createPlainSource("shop");
        // The longest timeout a target may have, so that only the cancel ends the attempt, however slowly the browser starts.
        server.createRoutedTarget("shop", NewTarget.to("orders", receiver).timeout(Duration.ofMinutes(5)));
        String deliveryId = server.onlyDeliveryOf(server.accept("shop", "{\"type\":\"order.paid\"}"));
        receiver.awaitRequests(1);
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/deliveries/" + deliveryId);
        browser.awaitVisible(By.id("cancel")).click();
        browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("delivery-state"), "cancelled"));
        receiver.releaseAll();

        WebElement attempt = browser.awaitVisible(By.cssSelector("tr.attempt"));
        assertThat(attempt.getText()).startsWith("1 abandoned").contains("cancelled while it ran");
        browser.screenshot(backend() + "-delivery-abandoned-attempt");
        JsonNode log = server.delivery(deliveryId).path("attempt_log");
        assertThat(log).hasSize(1);
        assertThat(log.get(0).path("outcome").asText()).isEqualTo("abandoned");
        assertThat(log.get(0).path("error").asText()).isEqualTo("abandoned: cancelled while it ran; its outcome is discarded");
    }

    /** Of a v1a target, receivers need only the public key; the console says so beside the secret key it shows once. */
    @Test
    void aV1aTargetShowsTheOperatorThePublicKeyForReceivers() {
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/targets");
        save("target", "{\"id\":\"ledger\",\"url\":\"" + server.startReceiver().url() + "\",\"signature\":\"v1a\"}");

        assertThat(browser.awaitVisible(By.id("new-secret")).getText()).startsWith("whsk_");
        String publicKey = server.api().get("/api/v1/targets/ledger").expect(200).path("public_key").asText();
        assertThat(browser.awaitVisible(By.id("new-public-key")).getText()).startsWith("whpk_").isEqualTo(publicKey);
        browser.go("/console#/targets?edit=ledger");
        assertThat(browser.awaitVisible(By.id("public-key")).getText()).isEqualTo(publicKey);
    }

    @Test
    void eventsAreFilteredByTypeAndFoundByTheirIdempotencyKey() {
        server.createSource("{\"id\":\"shop\",\"event_type\":{\"json_pointer\":\"/type\"},\"idempotency_header\":\"Idempotency-Key\"}");
        server.accept("shop", "{\"type\":\"order.paid\"}");
        String refunded = server.api().ingest("shop", "application/json", "{\"type\":\"order.refunded\"}".getBytes(StandardCharsets.UTF_8),
                Map.of("Idempotency-Key", "order-42")).expect(202).path("event_id").asText();
        server.accept("shop", "{\"type\":\"order.paid\"}");
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/events");
        browser.awaitVisible(By.id("type-filter")).sendKeys("order.refunded");
        browser.driver.findElement(By.id("apply-filters")).click();
        browser.await(driver -> driver.getCurrentUrl().contains("type=order.refunded")
                && driver.findElements(By.cssSelector("tr[data-event]")).size() == 1);
        assertThat(browser.driver.findElement(By.cssSelector("tr[data-event]")).getAttribute("data-event")).isEqualTo(refunded);

        browser.go("/console#/events");
        new Select(browser.awaitVisible(By.id("source-filter"))).selectByValue("shop");
        browser.driver.findElement(By.id("find-event")).sendKeys("order-42");
        browser.driver.findElement(By.id("find")).click();

        browser.await(driver -> driver.getCurrentUrl().endsWith("#/events/" + refunded));
        assertThat(browser.awaitVisible(By.id("event-body")).getText()).contains("order.refunded");
    }

    @Test
    void markupInAWebhookIsShownAsTextAndNothingInItRuns() {
        server.createPlainSource("shop");
        String hostile = "<script>window.__ran = 1; alert(1)</script><img src=x onerror=window.__ran=2;alert(2)>";
        String eventId = server.api().ingest("shop", "application/json",
                ("{\"type\":\"x\",\"note\":\"" + hostile + "\"}").getBytes(StandardCharsets.UTF_8),
                Map.of("X-Note", "<script>alert(3)</script>")).expect(202).path("event_id").asText();
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/events/" + eventId);

        assertThat(browser.awaitVisible(By.id("event-body")).getText()).contains(hostile);
        assertThat(browser.driver.findElement(By.tagName("main")).getText()).contains("<script>alert(3)</script>");
        assertThat(browser.driver.findElements(By.cssSelector("main script, main img"))).isEmpty();
        assertThat(browser.driver.executeScript("return window.__ran === undefined")).isEqualTo(true);
        assertThat(alertOpen()).isFalse();
        browser.screenshot(backend() + "-hostile-event");
    }

    @Test
    void changesWithoutTheCsrfTokenAndPagesWithoutASessionAreRefused() {
        server.createTarget(NewTarget.to("orders", server.startReceiver()));
        browser.go("/console");
        assertThat(browser.driver.getCurrentUrl()).endsWith("/console/login");
        browser.signIn(RelayServer.ADMIN_TOKEN);

        Object withoutToken = browser.driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch('/api/v1/targets/orders/pause', {method: 'POST'}).then(r => done(r.status));");

        assertThat(withoutToken).isEqualTo(403L);
        assertThat(server.target("orders").path("paused").asBoolean()).isFalse();
    }

    @Test
    void signingOutEndsTheSession() {
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.driver.findElement(By.cssSelector("#sign-out button")).click();
        browser.awaitVisible(By.id("token"));
        browser.go("/console");

        assertThat(browser.driver.getCurrentUrl()).endsWith("/console/login");
        Object api = browser.driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1]; fetch('/api/v1/sources').then(r => done(r.status));");
        assertThat(api).as("the device cookie the browser keeps opens nothing").isEqualTo(401L);
        assertThat(browser.driver.manage().getCookies()).as("only the device cookie, which names the browser to the sign-in throttle")
                .extracting(Cookie::getName).containsExactly("hookrelay_device");
    }

    /** The operator's tenants: one created with quotas, a key issued (its token shown once) and revoked, a suspend, a delete. */
    @Test
    void anOperatorCreatesATenantIssuesAndRevokesItsKeyAndDeletesItOnASecondClick() {
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/tenants");
        assertThat(browser.awaitVisible(By.cssSelector("tr[data-tenant='default']")).getText()).doesNotContain("Delete");
        save("tenant", "{\"id\":\"acme\",\"name\":\"Acme <b>Corp</b>\",\"quotas\":{\"max_targets\":3}}");
        WebElement row = browser.awaitVisible(By.cssSelector("tr[data-tenant='acme']"));
        assertThat(row.getText()).contains("Acme <b>Corp</b>", "active");
        assertThat(server.api().get("/api/v1/tenants/acme").expect(200).path("quotas").path("max_targets").asInt()).isEqualTo(3);

        row.findElement(By.linkText("Keys")).click();
        save("key", "{\"name\":\"deploys\",\"scope\":\"admin\"}");
        String token = browser.awaitVisible(By.id("new-token")).getText();
        assertThat(token).matches("hrk_[A-Za-z0-9_-]{43}");
        JsonNode key = server.api().get("/api/v1/tenants/acme/keys").expect(200).path("data").get(0);
        assertThat(key.path("name").asText()).isEqualTo("deploys");
        browser.go("/console#/tenants/acme/keys");
        WebElement keyRow = browser.awaitVisible(By.cssSelector("tr[data-key='" + key.path("id").asText() + "']"));
        assertThat(browser.driver.getPageSource()).doesNotContain(token);
        WebElement revoke = keyRow.findElement(By.cssSelector("button.delete"));
        revoke.click();
        assertThat(revoke.getText()).isEqualTo("Really delete?");
        revoke.click();
        browser.await(driver -> server.api().get("/api/v1/tenants/acme/keys").expect(200).path("data").isEmpty());

        browser.go("/console#/tenants");
        browser.awaitVisible(By.cssSelector("tr[data-tenant='acme']")).findElement(By.xpath(".//button[text()='Suspend']")).click();
        browser.await(driver -> server.api().get("/api/v1/tenants/acme").expect(200).path("suspended").asBoolean());
        WebElement delete = browser.awaitVisible(By.cssSelector("tr[data-tenant='acme'] button.delete"));
        delete.click();
        assertThat(server.api().get("/api/v1/tenants/acme").status()).as("one click only arms the delete").isEqualTo(200);
        browser.awaitVisible(By.cssSelector("tr[data-tenant='acme'] button.delete")).click();
        browser.await(driver -> server.api().get("/api/v1/tenants/acme").status() == 404);
        browser.screenshot(backend() + "-tenants");
    }

    /** The operator picks the tenant the console acts in: what is made there is that tenant's, and default's stays its own. */
    @Test
    void anOperatorSwitchesTenantsAndWorksInTheOneChosen() {
        server.api().post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
        server.api().post("/api/v1/sources", "{\"id\":\"billing\"}").expect(201);
        browser.signIn(RelayServer.ADMIN_TOKEN);
        browser.go("/console#/sources");
        browser.awaitVisible(By.cssSelector("tr[data-source='billing']"));

        new Select(browser.awaitVisible(By.id("tenant"))).selectByValue("acme");
        browser.await(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("tr[data-source='billing']")));
        save("source", "{\"id\":\"github\"}");
        browser.awaitVisible(By.cssSelector("tr[data-source='github']"));

        assertThat(server.api().send("GET", "/api/v1/sources/github", BodyPublishers.noBody(),
                Map.of("Hookrelay-Tenant", "acme")).status()).isEqualTo(200);
        assertThat(server.api().get("/api/v1/sources/github").status()).as("not default's").isEqualTo(404);
        new Select(browser.awaitVisible(By.id("tenant"))).selectByValue("default");
        browser.awaitVisible(By.cssSelector("tr[data-source='billing']"));
        assertThat(browser.driver.findElements(By.cssSelector("tr[data-source='github']"))).isEmpty();
    }

    /**
     * A tenant's admin key signs in to a console of its tenant alone: no switcher, no tenant pages, its changes audited as
     * the key; once the key is revoked, the console's next action finds it signed out.
     */
    @Test
    void aTenantsAdminKeySignsInToItsTenantAloneUntilTheKeyIsRevoked() {
        Receiver receiver = server.startReceiver();
        server.api().post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
        JsonNode key = server.api().post("/api/v1/tenants/acme/keys", "{\"name\":\"console\",\"scope\":\"admin\"}").expect(201);
        ApiClient acme = server.api().withToken(Optional.of(key.path("token").asText()));
        acme.post("/api/v1/sources", "{\"id\":\"github\"}").expect(201);
        acme.post("/api/v1/targets", "{\"id\":\"orders\",\"url\":\"" + receiver.url() + "\"}").expect(201);
        server.api().post("/api/v1/sources", "{\"id\":\"github\",\"idempotency_header\":\"X-Default\"}").expect(201);
        server.api().post("/api/v1/sources", "{\"id\":\"billing\"}").expect(201);
        server.createTarget(NewTarget.to("ledger", receiver));

        browser.signIn(key.path("token").asText());
        browser.go("/console#/sources");
        assertThat(browser.awaitVisible(By.cssSelector("tr[data-source='github']")).getText()).doesNotContainIgnoringCase("x-default");
        assertThat(browser.driver.findElements(By.cssSelector("tr[data-source='billing']"))).as("default's").isEmpty();
        assertThat(browser.awaitVisible(By.id("own-tenant")).getText()).isEqualTo("Tenant acme");
        assertThat(browser.driver.findElements(By.id("tenant"))).as("no tenant switcher").isEmpty();
        assertThat(browser.driver.findElements(By.linkText("Tenants"))).isEmpty();
        browser.go("/console#/targets");
        browser.awaitVisible(By.cssSelector("tr[data-target='orders']")).findElement(By.xpath(".//button[text()='Pause']")).click();
        browser.await(driver -> acme.get("/api/v1/targets/orders").expect(200).path("paused").asBoolean());
        assertThat(browser.driver.findElements(By.cssSelector("tr[data-target='ledger']"))).as("default's").isEmpty();
        assertThat(server.api().get("/api/v1/audit?tenant=acme").expect(200).path("data").get(0).path("actor").asText())
                .isEqualTo(key.path("id").asText());
        browser.screenshot(backend() + "-tenant-console");
        browser.go("/console#/tenants");
        assertThat(browser.awaitVisible(By.tagName("h1")).getText()).isEqualTo("No such page");

        browser.go("/console#/targets");
        browser.awaitVisible(By.cssSelector("tr[data-target='orders']"));
        Instant revoked = Instant.now();
        server.api().delete("/api/v1/tenants/acme/keys/" + key.path("id").asText()).expect(204);
        browser.await(driver -> acme.get("/api/v1/sources").status() == 401);
        assertThat(Duration.between(revoked, Instant.now())).as("the key ends within about a second").isLessThan(Duration.ofSeconds(3));
        browser.driver.findElement(By.linkText("Sources")).click();

        assertThat(browser.awaitVisible(By.id("notice")).getText()).isEqualTo("Your session has ended; sign in again.");
        assertThat(browser.driver.getCurrentUrl()).endsWith("/console/login?expired");
    }

    /** Puts {@code json} in the view's {@code editor} and saves it. */
    private void save(String editor, String json) {
        WebElement text = browser.awaitVisible(By.id(editor + "-json"));
        browser.driver.executeScript("arguments[0].value = arguments[1]", text, json);
        browser.driver.findElement(By.id(editor + "-save")).click();
    }

    private boolean alertOpen() {
        try {
            browser.driver.switchTo().alert();
            return true;
        } catch (NoAlertPresentException none) {
            return false;
        }
    }
}
