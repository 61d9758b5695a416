package io.hookrelay.it.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.Json;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** What one {@code hookrelay} command did: its exit code and everything it printed. */
public record CliRun(int exitCode, String out, String err) {
    private static final Pattern CELL_GAP = Pattern.compile("\\s{2,}");

    public List<String> outLines() {
        return out.lines().toList();
    }

    public List<String> errLines() {
        return err.lines().toList();
    }

    /** What {@code --json} printed. */
    public JsonNode json() {
        return Json.parse(out);
    }

    /**
     * The cells of the first line of a table (the header, or a {@code key  value} row) that starts with
     * {@code first}: columns are at least two spaces apart.
     */
    public Optional<List<String>> row(String first) {
        return outLines().stream()
                .filter(line -> line.equals(first) || line.startsWith(first + "  "))
                .findFirst()
                .map(line -> Arrays.asList(CELL_GAP.split(line.strip())));
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- out:\n" + out + "--- err:\n" + err;
    }
}
