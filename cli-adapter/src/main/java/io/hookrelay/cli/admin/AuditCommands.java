package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.AdminClient;
import io.hookrelay.cli.client.AdminCommand;
import io.hookrelay.cli.client.ApiAnswer;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.client.ApiPath;
import io.hookrelay.cli.client.Listing;
import io.hookrelay.cli.client.PageOptions;
import io.hookrelay.cli.client.TextTable;
import io.hookrelay.cli.common.VersionProvider;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code hookrelay audit list}: who changed what through the API or the console, newest first (DESIGN §12). */
@Command(
        name = "audit",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Shows the audit log: every change made through the API or the console, and who made it.",
        subcommands = {AuditCommands.ListAudit.class})
public final class AuditCommands {

    @Command(name = "list", description = "Lists changes, newest first: every tenant's for the operator, or the --tenant given's.")
    static final class ListAudit extends AdminCommand {
        @Mixin
        private PageOptions page = new PageOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(page.of(ApiPath.of("audit").param("tenant", tenant().orElse(null))));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("AT", "ACTOR", "TENANT", "ACTION", "RESOURCE");
            Listing.print(answer.json(), "no changes", table, entry -> new Object[] {
                ApiJson.text(entry, "at"), ApiJson.text(entry, "actor"), ApiJson.text(entry, "tenant"), ApiJson.text(entry, "action"),
                resource(entry.path("resource")),
            }, out);
        }

        /** Its id, or its type when it has none (the settings). */
        private static String resource(JsonNode resource) {
            String id = ApiJson.text(resource, "id");
            return id == null ? ApiJson.text(resource, "type") : id;
        }
    }
}
