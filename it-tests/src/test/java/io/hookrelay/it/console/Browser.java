package io.hookrelay.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven through Debian's chromedriver, with a profile of its own. Both are named by
 * path, so Selenium never looks for or downloads a browser; without them a test fails, saying how to install them.
 * The networking flags keep Chromium from calling out at start, which this closed network refuses.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

    final ChromeDriver driver;
    private String base = "";

    private Browser(ChromeDriver driver) {
        this.driver = driver;
    }

    /** One browser for a class's tests: starting Chromium costs more than most scenarios. */
    static Browser open(Path profile) {
        assertThat(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER))
                .as("the console's browser tests need Debian's chromium and chromium-driver: apt-get install chromium chromium-driver")
                .isTrue();
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments("--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-quic", "--no-first-run", "--window-size=1280,900", "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        return new Browser(new ChromeDriver(service, options));
    }

    /**
     * Points the browser at a new server, with nothing kept from the one before. A cookie belongs to a host, not
     * to a port, so the last server's session would reach this one; they are deleted from one of its pages.
     */
    void useServer(String baseUri) {
        base = baseUri;
        go("/healthz");
        driver.manage().deleteAllCookies();
    }

    /**
     * Loads the page afresh. Going from one console view to another by its hash alone would keep the old view's
     * elements on the page until the new one has rendered, and a test could find and use them meanwhile.
     */
    void go(String path) {
        driver.get("about:blank");
        driver.get(base + path);
    }

    <T> T await(ExpectedCondition<T> condition) {
        return new WebDriverWait(driver, WAIT).until(condition);
    }

    WebElement awaitVisible(By by) {
        return await(org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated(by));
    }

    void signIn(String token) {
        go("/console/login");
        driver.findElement(By.id("token")).sendKeys(token);
        driver.findElement(By.cssSelector("#sign-in button")).click();
        awaitVisible(By.cssSelector("header nav"));
    }

    /** Saves what the page shows as {@code target/console-screenshots/<name>.png}. */
    Path screenshot(String name) {
        try {
            File shot = driver.getScreenshotAs(OutputType.FILE);
            Path saved = Files.createDirectories(SCREENSHOTS).resolve(name + ".png");
            Files.copy(shot.toPath(), saved, StandardCopyOption.REPLACE_EXISTING);
            return saved;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
