package io.hookrelay.cli.common;

import java.util.Optional;
import picocli.CommandLine.IVersionProvider;

/** The version the runnable jar's manifest records; a build run from classes has none. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = Optional.ofNullable(VersionProvider.class.getPackage().getImplementationVersion())
                .orElse("(development build)");
        return new String[] {"hookrelay " + version};
    }
}
