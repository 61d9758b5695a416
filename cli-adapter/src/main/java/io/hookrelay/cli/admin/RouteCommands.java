package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.AdminClient;
import io.hookrelay.cli.client.AdminCommand;
import io.hookrelay.cli.client.ApiAnswer;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.client.ApiPath;
import io.hookrelay.cli.client.Listing;
import io.hookrelay.cli.client.TextTable;
import io.hookrelay.cli.common.VersionProvider;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay route add|list|rm}: which source's events go to which target. */
@Command(
        name = "route",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages routes: a source's events, all or those of some types or bodies, go to a target.",
        subcommands = {RouteCommands.AddRoute.class, RouteCommands.ListRoutes.class, RouteCommands.RemoveRoute.class})
public final class RouteCommands {
    static final String EVERY_EVENT = "(all)";
    static final String EVERY_BODY = "(none)";

    @Command(name = "add", description = "Routes a source's events to a target.")
    static final class AddRoute extends AdminCommand {
        @Option(names = "--source", required = true, paramLabel = "SOURCE",
                description = "The source whose events travel the route.")
        private String source;

        @Option(names = "--target", required = true, paramLabel = "TARGET", description = "The target they are delivered to.")
        private String target;

        @Option(names = "--event-type", paramLabel = "TYPE",
                description = "Only events of this type: exact, or a prefix ending in .* such as 'issues.*'. "
                        + "Repeat for more (default: every event).")
        private List<String> eventTypes;

        @Option(names = "--filter", paramLabel = "JSON", converter = PayloadFilterConverter.class,
                description = "Only events whose JSON body meets this condition, such as "
                        + "'{\"pointer\":\"/data/object/status\",\"equals\":\"paid\"}' (or \"in\":[…], \"exists\":true, "
                        + "\"prefix\":\"…\"). Repeat for more; all must hold.")
        private List<JsonNode> filters;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("routes"), new RouteBody(source, target, eventTypes, filters));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            JsonNode route = answer.json();
            new TextTable()
                    .row("id", ApiJson.text(route, "id"))
                    .row("source", ApiJson.text(route, "source"))
                    .row("target", ApiJson.text(route, "target"))
                    .row("event types", eventTypes(route))
                    .row("filters", filters(route))
                    .print(out);
        }
    }

    record RouteBody(String source, String target, List<String> eventTypes, List<JsonNode> filters) {
    }

    @Command(name = "list", description = "Lists the routes.")
    static final class ListRoutes extends AdminCommand {
        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("routes"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "SOURCE", "TARGET", "EVENT TYPES", "FILTERS");
            Listing.print(answer.json(), "no routes", table, route -> new Object[] {
                ApiJson.text(route, "id"), ApiJson.text(route, "source"), ApiJson.text(route, "target"), eventTypes(route),
                filters(route),
            }, out);
        }
    }

    @Command(name = "rm", description = "Deletes a route; deliveries already queued stay.")
    static final class RemoveRoute extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The route's id (rte_…).")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("routes", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("deleted route " + id);
        }
    }

    private static String eventTypes(JsonNode route) {
        List<String> filters = ApiJson.texts(route.path("event_types"));
        return filters.isEmpty() ? EVERY_EVENT : String.join(", ", filters);
    }

    /** Each filter as {@code /pointer condition value}, the value as JSON, so {@code "1"} and {@code 1} read apart. */
    private static String filters(JsonNode route) {
        List<String> filters = StreamSupport.stream(route.path("filters").spliterator(), false)
                .map(filter -> StreamSupport.stream(((Iterable<Map.Entry<String, JsonNode>>) filter::fields).spliterator(), false)
                        .map(field -> field.getKey().equals("pointer") ? field.getValue().asText() : field.getKey() + " " + field.getValue())
                        .collect(Collectors.joining(" ")))
                .toList();
        return filters.isEmpty() ? EVERY_BODY : String.join("; ", filters);
    }
}
