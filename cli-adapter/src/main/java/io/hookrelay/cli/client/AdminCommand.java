package io.hookrelay.cli.client;

import io.hookrelay.cli.common.VersionProvider;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * One admin command: one request to the management API, then either the server's JSON as it is
 * ({@code --json}, for scripts, so nothing is lost or renamed on the way) or a rendering for people.
 * Subclasses inherit the help options and the connection options.
 */
@Command(mixinStandardHelpOptions = true, versionProvider = VersionProvider.class)
public abstract class AdminCommand implements Callable<Integer> {
    @Mixin
    private ApiOptions api;

    @Spec
    private CommandSpec spec;

    @Override
    public final Integer call() {
        ApiAnswer answer = send(api.client());
        PrintWriter out = spec.commandLine().getOut();
        if (api.json()) {
            out.print(answer.body());
            if (!answer.body().isEmpty() && !answer.body().endsWith("\n")) {
                out.println();
            }
        } else {
            print(answer, out);
        }
        out.flush();
        return ExitCode.OK;
    }

    /**
     * The tenant {@code --tenant} (or {@code HOOKRELAY_TENANT}) names, for a command that acts on one by name.
     *
     * @throws ParameterException when none is named
     */
    protected final String namedTenant() {
        return api.tenant().orElseThrow(() -> new ParameterException(spec.commandLine(), "--tenant ID is required"));
    }

    /** The tenant {@code --tenant} (or {@code HOOKRELAY_TENANT}) names, if any, for a command it narrows. */
    protected final Optional<String> tenant() {
        return api.tenant();
    }

    /** Sends this command's request; a refusal or an unreachable server has already become an exception. */
    protected abstract ApiAnswer send(AdminClient client);

    /** Tells a person what the successful answer means. */
    protected abstract void print(ApiAnswer answer, PrintWriter out);
}
