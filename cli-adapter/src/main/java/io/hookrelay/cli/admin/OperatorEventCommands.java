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
import picocli.CommandLine.Option;

/** {@code hookrelay operator-events list}: targets that broke or recovered, and deliveries that failed for good. */
@Command(
        name = "operator-events",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Shows what the relay told operators: targets paused or recovered, deliveries failed for good.",
        subcommands = {OperatorEventCommands.ListOperatorEvents.class})
public final class OperatorEventCommands {

    @Command(name = "list", description = "Lists operator events, newest first.")
    static final class ListOperatorEvents extends AdminCommand {
        @Option(names = "--type", paramLabel = "TYPE",
                description = "Only events of this type: target.paused, delivery.failed or target.recovered.")
        private String type;

        @Mixin
        private PageOptions page = new PageOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(page.of(ApiPath.of("operator-events").param("type", type)));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "TYPE", "TARGET", "AT", "DETAIL", "SENT");
            Listing.print(answer.json(), "no operator events", table, event -> new Object[] {
                ApiJson.text(event, "id"), ApiJson.text(event, "type"), ApiJson.text(event.path("data"), "target_id"),
                ApiJson.text(event, "timestamp"), detail(event.path("data")), sent(event.path("deliveries")),
            }, out);
        }

        /** Why the target was paused, or the failed delivery and its error. */
        private static String detail(JsonNode data) {
            if (data.has("reason")) {
                return ApiJson.text(data, "reason");
            }
            if (data.has("delivery_id")) {
                return ApiJson.text(data, "delivery_id") + ": " + ApiJson.text(data, "error");
            }
            return "-";
        }

        /** The state of its delivery to the operator target; none when no operator target was set. */
        private static String sent(JsonNode deliveries) {
            return deliveries.isEmpty() ? "-" : ApiJson.text(deliveries.get(0), "state");
        }
    }
}
