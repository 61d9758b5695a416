package io.hookrelay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.cli.backup.OfflineRestore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/** Runs the real command line in-process, with a given environment, and keeps what it printed. */
public final class Cli {
    public static final String TOKEN = "test-admin-token";
    private static final ObjectMapper JSON = new ObjectMapper();

    public record Result(int exitCode, String out, String err) {
        public List<String> errLines() {
            return err.lines().toList();
        }
    }

    private Cli() {
    }

    /** The usual environment of an admin command's test: the fake server and a token in the variables. */
    public static Map<String, String> environmentFor(FakeApi api) {
        return Map.of("HOOKRELAY_URL", api.url(), "HOOKRELAY_ADMIN_TOKEN", TOKEN);
    }

    public static Result run(Map<String, String> environment, String... args) {
        return run(options -> {
            throw new AssertionError("restore was not expected here");
        }, environment, args);
    }

    public static Result run(OfflineRestore restore, Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = HookrelayCli.commandLine(options -> {
            throw new AssertionError("serve was not expected here");
        }, restore, environment::get);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    public static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
