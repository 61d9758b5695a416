package io.hookrelay.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a command's run must look like by the CLI contract (DESIGN §6): one that succeeded printed nothing on stderr;
 * one that failed printed nothing on stdout and one line on stderr, and exited with the contract's code.
 */
public final class CliAssertions {
    private CliAssertions() {
    }

    public static CliRun succeeded(CliRun run) {
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.err()).as("%s", run).isEmpty();
        return run;
    }

    public static void failed(CliRun run, int exitCode, String line) {
        assertThat(run.exitCode()).as("%s", run).isEqualTo(exitCode);
        assertThat(run.out()).as("%s", run).isEmpty();
        assertThat(run.errLines()).as("%s", run).containsExactly(line);
    }

    public static void failedMatching(CliRun run, int exitCode, String lineRegex) {
        assertThat(run.exitCode()).as("%s", run).isEqualTo(exitCode);
        assertThat(run.out()).as("%s", run).isEmpty();
        assertThat(run.errLines()).as("%s", run).singleElement().asString().matches(lineRegex);
    }
}
