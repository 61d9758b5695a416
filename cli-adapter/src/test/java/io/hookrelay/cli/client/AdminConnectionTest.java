package io.hookrelay.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** What every admin command shares: where the server and the token come from, and how failures look. */
@ExtendWith(FakeApiExtension.class)
class AdminConnectionTest {
    private final FakeApi api;

    @TempDir
    private Path dataDir;

    AdminConnectionTest(FakeApi api) {
        this.api = api.answers(200, "{\"data\":[]}");
    }

    @Test
    void theTokenFlagWinsOverTheVariableAndTheFile() throws IOException {
        writeTokenFile("file-token");

        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", "env-token"),
                "source", "list", "--token", "flag-token", "--data-dir", dataDir.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(api.requests()).singleElement().extracting(FakeApi.Request::authorization).isEqualTo("Bearer flag-token");
    }

    @Test
    void theTenantFlagOrVariableIsSentAsTheTenantHeaderAndWithoutEitherNone() {
        Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", "env-token"), "source", "list", "--tenant", "acme");
        Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", "env-token", "HOOKRELAY_TENANT", "globex"), "target", "list");
        Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", "env-token"), "route", "list");

        assertThat(api.requests()).extracting(FakeApi.Request::tenant).containsExactly("acme", "globex", null);
    }

    @Test
    void theTokenVariableWinsOverTheFile() throws IOException {
        writeTokenFile("file-token");

        Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", "env-token"),
                "source", "list", "--data-dir", dataDir.toString());

        assertThat(api.requests()).singleElement().extracting(FakeApi.Request::authorization).isEqualTo("Bearer env-token");
    }

    @Test
    void withoutFlagOrVariableTheTokenFileOfTheDataDirectoryIsRead() throws IOException {
        writeTokenFile("file-token\n");

        Cli.Result byFlag = Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", " "),
                "source", "list", "--data-dir", dataDir.toString());
        Cli.Result byVariable = Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_DATA_DIR", dataDir.toString()), "source", "list");

        assertThat(byFlag.exitCode()).isZero();
        assertThat(byVariable.exitCode()).isZero();
        assertThat(api.requests()).extracting(FakeApi.Request::authorization).containsExactly("Bearer file-token", "Bearer file-token");
    }

    @Test
    void noTokenAnywhereIsAClearUsageErrorAndSendsNothing() {
        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", api.url()), "source", "list", "--data-dir", dataDir.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: no admin token: pass --token, set HOOKRELAY_ADMIN_TOKEN, or point "
                + "--data-dir at the server's data directory (" + dataDir.resolve("admin.token") + " does not exist)");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void anEmptyTokenFileIsAUsageError() throws IOException {
        writeTokenFile("\n");

        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", api.url()), "source", "list", "--data-dir", dataDir.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: the token in " + dataDir.resolve("admin.token") + " is empty");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void aTokenThatCannotBeSentInAHeaderIsRefusedWithoutPrintingIt() {
        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", api.url()), "source", "list", "--token", "secret with\nbreak");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: the token from --token or HOOKRELAY_ADMIN_TOKEN must be at most "
                + "4096 printable ASCII characters without spaces");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void helpNamesTheVariablesButNeverPrintsTheToken() {
        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", "very-secret-token"),
                "source", "list", "--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("HOOKRELAY_URL", "HOOKRELAY_ADMIN_TOKEN", "HOOKRELAY_DATA_DIR", "admin.token")
                .doesNotContain("very-secret-token");
        assertThat(result.out().replaceAll("\\s+", "")).as("help wraps at 80 columns, even inside the URL")
                .contains("default:" + api.url() + ")");
    }

    @Test
    void aRefusalOfTheServerIsItsMessageAndCodeOnOneLineWithExitCode1() {
        Map<String, String> environment = Cli.environmentFor(api);
        api.answers(404, "{\"error\":\"not_found\",\"message\":\"no source github\"}");
        Cli.Result notFound = Cli.run(environment, "source", "show", "github");
        api.answers(409, "{\"error\":\"conflict\",\"message\":\"source github already exists\"}");
        Cli.Result conflict = Cli.run(environment, "source", "add", "github");
        api.answers(401, "{\"error\":\"unauthorized\",\"message\":\"missing or wrong admin token\"}");
        Cli.Result unauthorized = Cli.run(environment, "target", "list", "--json");

        assertThat(notFound.exitCode()).isEqualTo(1);
        assertThat(notFound.errLines()).containsExactly("hookrelay: no source github (not_found)");
        assertThat(conflict.exitCode()).isEqualTo(1);
        assertThat(conflict.errLines()).containsExactly("hookrelay: source github already exists (conflict)");
        assertThat(unauthorized.exitCode()).isEqualTo(1);
        assertThat(unauthorized.errLines()).containsExactly("hookrelay: missing or wrong admin token (unauthorized)");
        assertThat(notFound.out() + conflict.out() + unauthorized.out()).as("nothing on stdout, not even with --json").isEmpty();
    }

    @Test
    void anErrorAnswerThatIsNotHookrelaySNamesTheStatus() {
        api.answers(502, "<html>Bad Gateway</html>");

        Cli.Result result = Cli.run(Cli.environmentFor(api), "route", "list");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).containsExactly(
                "hookrelay: " + api.url() + " answered HTTP 502 without a hookrelay error; is it a hookrelay server?");
    }

    @Test
    void aSuccessAnswerThatIsNotJsonIsOneLineWithExitCode1() {
        api.answers(200, "<html>a web page</html>");

        Cli.Result result = Cli.run(Cli.environmentFor(api), "route", "list");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).containsExactly(
                "hookrelay: " + api.url() + " answered HTTP 200 with something other than JSON; is it a hookrelay server?");
    }

    @Test
    void aServerThatCannotBeReachedIsExitCode3AndOneLine() throws IOException {
        String closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = "http://127.0.0.1:" + socket.getLocalPort();
        }

        Cli.Result result = Cli.run(Map.of("HOOKRELAY_ADMIN_TOKEN", Cli.TOKEN), "source", "list", "--url", closed);

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.errLines()).containsExactly("hookrelay: cannot reach " + closed + ": connection refused");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void theUrlFlagWinsOverTheVariableAndMayCarryAPathPrefix() {
        Map<String, String> environment = new HashMap<>(Cli.environmentFor(api));
        environment.put("HOOKRELAY_URL", "http://127.0.0.1:1");

        Cli.Result result = Cli.run(environment, "source", "list", "--url", api.url() + "/relay/");

        assertThat(result.exitCode()).isZero();
        assertThat(api.requests()).singleElement().extracting(FakeApi.Request::target).isEqualTo("/relay/api/v1/sources");
    }

    @Test
    void aUrlThatIsNotHttpIsAUsageError() {
        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", "ftp://relay.example"), "source", "list");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--url': 'ftp://relay.example' is not an "
                + "http:// or https:// URL without a query, such as http://127.0.0.1:8080 (see 'hookrelay source list --help')");
    }

    @Test
    void anIpv6UrlTheJdkCannotReadIsAUsageErrorLikeAnyOther() {
        Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", "http://[::1.2.3.0777777777777]/"), "source", "list");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--url': 'http://[::1.2.3.0777777777777]/' is not "
                + "an http:// or https:// URL without a query, such as http://127.0.0.1:8080 (see 'hookrelay source list --help')");
    }

    @Test
    void idsArePercentEncodedSoTheyNameOneResource() {
        api.answers(404, "{\"error\":\"not_found\",\"message\":\"no source\"}");

        Cli.run(Cli.environmentFor(api), "source", "show", "a/b?c d");
        Cli.run(Cli.environmentFor(api), "source", "rm", "..");

        assertThat(api.requests()).extracting(FakeApi.Request::target)
                .containsExactly("/api/v1/sources/a%2Fb%3Fc%20d", "/api/v1/sources/%2E%2E");
    }

    private void writeTokenFile(String content) throws IOException {
        Files.writeString(dataDir.resolve("admin.token"), content);
    }
}
