package io.hookrelay.it.durability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code sqlite3 hookrelay.db .dump} as the seed's operator ran it, piped into something that stopped reading
 * ({@code | less} left open): once its first row is out, nobody reads, the pipe fills and the shell blocks in
 * the middle of a table, holding its read transaction until {@link #finish()} reads the rest.
 */
final class StuckDump implements AutoCloseable {
    private static final String SQLITE3 = "sqlite3";
    private static final String ROW = "INSERT INTO ";
    private static final String EVENT_ROW = ROW + "events ";

    private final Process process;
    private final BufferedReader output;
    private long eventRows;

    private StuckDump(Process process) {
        this.process = process;
        this.output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Starts the dump and returns once it has printed a row, so its read transaction is open. */
    static StuckDump start(Path databaseFile) throws IOException {
        Process process;
        try {
            process = new ProcessBuilder(SQLITE3, databaseFile.toString(), ".dump")
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("the sqlite3 command-line shell must be on the PATH (.ci/run installs it)", e);
        }
        StuckDump dump = new StuckDump(process);
        try {
            for (String line = dump.output.readLine(); ; line = dump.output.readLine()) {
                if (line == null) {
                    throw new IllegalStateException("the dump ended before printing any row");
                }
                dump.note(line);
                if (line.startsWith(ROW)) {
                    return dump;
                }
            }
        } catch (IOException | RuntimeException e) {
            dump.close();
            throw e;
        }
    }

    boolean isStillRunning() {
        return process.isAlive();
    }

    /**
     * Reads the rest of the dump and waits for the shell to exit.
     *
     * @return how many {@code events} rows the dump held: the events of its one snapshot
     */
    long finish() throws IOException, InterruptedException {
        String last = "";
        for (String line = output.readLine(); line != null; line = output.readLine()) {
            note(line);
            last = line;
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("sqlite3 did not exit after its output was read");
        }
        if (process.exitValue() != 0 || !last.equals("COMMIT;")) {
            throw new IllegalStateException("the dump did not end well: exit " + process.exitValue() + ", last line " + last);
        }
        return eventRows;
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private void note(String line) {
        if (line.startsWith(EVENT_ROW)) {
            eventRows++;
        }
    }
}
