package io.hookrelay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hookrelay backup --to FILE}: the running server writes a consistent copy of its database. The
 * server writes the file, so the path is made absolute here, where "relative" means what the user meant.
 */
@Command(name = "backup", description = {
    "Writes a consistent copy of the running server's database to FILE.",
    "The server writes it: FILE must be a new file on the server's machine, in an existing directory."})
final class BackupCommand extends AdminCommand {
    @Option(names = "--to", required = true, paramLabel = "FILE", description = "The backup file to create.")
    private Path to;

    record BackupBody(String path) {
    }

    @Override
    ApiAnswer send(AdminClient client) {
        return client.post(ApiPath.of("admin", "backup"), new BackupBody(to.toAbsolutePath().normalize().toString()));
    }

    @Override
    void print(ApiAnswer answer, PrintWriter out) {
        JsonNode backup = answer.json();
        out.println("backed up the database to " + ApiJson.text(backup, "path") + " ("
                + Plurals.count(backup.path("bytes").asLong(), "byte", "bytes") + ")");
    }
}
