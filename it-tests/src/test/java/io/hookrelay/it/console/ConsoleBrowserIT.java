package io.hookrelay.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.support.ui.ExpectedConditions;

/** The operator console in a real browser against the real server on SQLite (DESIGN §10, issue 18's scenarios). */
class ConsoleBrowserIT {
    @TempDir
    Path dir;
    private RelayServer server;
    private Browser browser;

    @BeforeEach
    void start() throws Exception {
        server = RelayServer.start(Files.createDirectories(dir.resolve("data")));
        browser = Browser.open(server.baseUri().toString(), dir.resolve("profile"));
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.close();
        }
        server.close();
    }

    @Test
    void aSignedInOperatorWatchesAWebhookArriveLiveAndBeDelivered() {
        Receiver receiver = server.startReceiver();
        server.createPlainSource("shop");
        server.createRoutedTarget("shop", NewTarget.to("orders", receiver));
        browser.signIn(RelayServer.ADMIN_TOKEN);
        browser.go("/console#/events");
        browser.awaitVisible(By.cssSelector("#source-filter"));

        String eventId = server.accept("shop", "{\"type\":\"order.paid\",\"id\":\"ord_1\"}");

        browser.awaitVisible(By.cssSelector("tr[data-event='" + eventId + "']"));
        browser.screenshot("events-live");
        browser.driver.findElement(By.linkText(eventId)).click();
        assertThat(browser.awaitVisible(By.id("event-body")).getText()).contains("\"type\": \"order.paid\"");
        browser.await(driver -> {
            driver.navigate().refresh();
            return !driver.findElements(By.cssSelector(".timeline .state-completed")).isEmpty();
        });
        browser.screenshot("event");
        assertThat(receiver.requestCount()).isEqualTo(1);
    }

    @Test
    void aFailedDeliveryShowsItsAttemptLogAndCompletesWhenRetried() throws Exception {
        Receiver receiver = server.startReceiver();
        receiver.answerOtherwise(Receiver.Answer.status(500).withBody("upstream broke"));
        server.createPlainSource("shop");
        server.createRoutedTarget("shop", NewTarget.to("orders", receiver).retrySchedule());
        String deliveryId = server.onlyDeliveryOf(server.accept("shop", "{\"type\":\"order.paid\"}"));
        server.awaitDelivery(deliveryId, "failed");
        browser.signIn(RelayServer.ADMIN_TOKEN);

        browser.go("/console#/failed");
        browser.awaitVisible(By.linkText(deliveryId)).click();
        assertThat(browser.awaitVisible(By.cssSelector("tr.attempt")).getText()).contains("500").contains("upstream broke");
        browser.screenshot("delivery-attempt-log");
        receiver.answerOtherwise(Receiver.Answer.status(200));
        browser.driver.findElement(By.id("retry")).click();

        browser.await(ExpectedConditions.textToBePresentInElementLocated(By.id("delivery-state"), "completed"));
        assertThat(browser.driver.findElements(By.cssSelector("tr.attempt"))).hasSize(2);
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
        browser.screenshot("hostile-event");
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
        assertThat(api).isEqualTo(401L);
        assertThat(browser.driver.manage().getCookies()).isEmpty();
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
