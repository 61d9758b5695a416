package io.hookrelay.cli.admin;

import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** A tenant's quotas on the command line: each a positive number, or {@code none} for no limit; one left out stays. */
final class TenantQuotaOptions {
    static final String NONE = "none";

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    @Option(names = "--ingest-per-s", paramLabel = "N|none", description = "Webhooks a second over all its sources.")
    private String ingestPerS;

    @Option(names = "--max-in-flight", paramLabel = "N|none", description = "Its deliveries in flight over all its targets.")
    private String maxInFlight;

    @Option(names = "--max-sources", paramLabel = "N|none", description = "Sources it may have.")
    private String maxSources;

    @Option(names = "--max-targets", paramLabel = "N|none", description = "Targets it may have.")
    private String maxTargets;

    /** {@code current} with the quotas given here in place of its own. */
    TenantBody.Quotas applyTo(TenantBody.Quotas current) {
        return new TenantBody.Quotas(value(ingestPerS, "--ingest-per-s", current.ingestPerS()),
                value(maxInFlight, "--max-in-flight", current.maxInFlight()), value(maxSources, "--max-sources", current.maxSources()),
                value(maxTargets, "--max-targets", current.maxTargets()));
    }

    private Integer value(String given, String option, Integer current) {
        if (given == null) {
            return current;
        }
        if (given.equals(NONE)) {
            return null;
        }
        if (!given.matches("[1-9][0-9]{0,8}")) {
            throw new ParameterException(command.commandLine(), option + " takes a positive number or 'none', not '" + given + "'");
        }
        return Integer.parseInt(given);
    }
}
