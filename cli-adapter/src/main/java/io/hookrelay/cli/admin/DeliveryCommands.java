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
import io.hookrelay.cli.common.Plurals;
import io.hookrelay.cli.common.VersionProvider;
import io.hookrelay.queue.IntentState;
import java.io.PrintWriter;
import java.time.Instant;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay deliveries list|show|retry|cancel}: one event on its way to one target. */
@Command(
        name = "deliveries",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Shows deliveries and their attempts; retries and cancels them.",
        subcommands = {DeliveryCommands.ListDeliveries.class, DeliveryCommands.ShowDelivery.class,
            DeliveryCommands.RetryDeliveries.class, DeliveryCommands.CancelDelivery.class})
public final class DeliveryCommands {
    /** Errors and response excerpts can be long; a table row shows their start, {@code show} all of it. */
    static final int EXCERPT_CHARS = 60;

    @Command(name = "list", description = "Lists deliveries, newest first.")
    static final class ListDeliveries extends AdminCommand {
        @Option(names = "--state", paramLabel = "STATE", converter = WireNames.States.class,
                completionCandidates = WireNames.States.class,
                description = "Only deliveries in this state: ${COMPLETION-CANDIDATES}.")
        private IntentState state;

        @Option(names = "--target", paramLabel = "TARGET", description = "Only deliveries to this target.")
        private String target;

        @Option(names = "--event", paramLabel = "EVENT", description = "Only deliveries of this event (evt_…).")
        private String event;

        @Mixin
        private PageOptions page = new PageOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(page.of(ApiPath.of("deliveries").param("state", state == null ? null : state.wireName())
                    .param("target", target).param("event", event)));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "EVENT", "TARGET", "STATE", "ATTEMPTS", "NEXT AT", "LAST ERROR");
            Listing.print(answer.json(), "no deliveries", table, delivery -> new Object[] {
                ApiJson.text(delivery, "id"), ApiJson.text(delivery, "event_id"), ApiJson.text(delivery, "target"),
                ApiJson.text(delivery, "state"), ApiJson.text(delivery, "attempts"), ApiJson.text(delivery, "next_at"),
                excerpt(ApiJson.text(delivery, "last_error")),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows one delivery and the log of its attempts.")
    static final class ShowDelivery extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The delivery's id (dlv_…).")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("deliveries", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            JsonNode delivery = answer.json();
            new TextTable()
                    .row("id", ApiJson.text(delivery, "id"))
                    .row("event", ApiJson.text(delivery, "event_id"))
                    .row("target", ApiJson.text(delivery, "target"))
                    .row("state", ApiJson.text(delivery, "state"))
                    .row("attempts", ApiJson.text(delivery, "attempts"))
                    .row("next at", ApiJson.text(delivery, "next_at"))
                    .row("last error", ApiJson.text(delivery, "last_error"))
                    .row("created at", ApiJson.text(delivery, "created_at"))
                    .row("updated at", ApiJson.text(delivery, "updated_at"))
                    .print(out);
            out.println();
            JsonNode log = delivery.path("attempt_log");
            if (log.isEmpty()) {
                out.println("no attempts yet");
                return;
            }
            TextTable attempts = TextTable.withColumns("ATTEMPT", "OUTCOME", "STARTED AT", "DURATION MS", "STATUS", "ERROR",
                    "RESPONSE");
            log.forEach(attempt -> attempts.row(ApiJson.text(attempt, "attempt"), ApiJson.text(attempt, "outcome"),
                    ApiJson.text(attempt, "started_at"),
                    ApiJson.text(attempt, "duration_ms"), ApiJson.text(attempt, "status_code"),
                    excerpt(ApiJson.text(attempt, "error")), excerpt(ApiJson.text(attempt, "response_excerpt"))));
            attempts.print(out);
        }
    }

    /** One delivery by id, or every failed one after an outage, optionally narrowed to a target and a time. */
    @Command(name = "retry", description = {
        "Sends a delivery again now, or every failed one.",
        "A retry keeps the delivery's attempt count; a completed delivery is not retried (see 'events replay')."})
    static final class RetryDeliveries extends AdminCommand {
        @ArgGroup(multiplicity = "1")
        private Which which;

        static final class Which {
            @Parameters(paramLabel = "ID", description = "The delivery's id (dlv_…).")
            private String id;

            @ArgGroup(exclusive = false)
            private AllFailed allFailed;
        }

        static final class AllFailed {
            @Option(names = "--all-failed", required = true, description = "Every failed delivery.")
            private boolean chosen;

            @Option(names = "--target", paramLabel = "TARGET", description = "With --all-failed: only deliveries to this target.")
            private String target;

            @Option(names = "--since", paramLabel = "TIME", converter = TimeConverter.class,
                    description = "With --all-failed: only deliveries that failed at or after this RFC 3339 time, such as "
                            + "2024-05-01T12:00:00Z.")
            private Instant since;
        }

        record BulkRetryBody(String state, String target, String since) {
        }

        @Override
        protected ApiAnswer send(AdminClient client) {
            if (which.id != null) {
                return client.post(ApiPath.of("deliveries", which.id, "retry"));
            }
            AllFailed all = which.allFailed;
            return client.post(ApiPath.of("deliveries", "retry"), new BulkRetryBody(
                    IntentState.FAILED.wireName(), all.target, all.since == null ? null : all.since.toString()));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            if (which.id != null) {
                printState(answer.json(), out);
            } else {
                long retried = answer.json().path("retried").asLong();
                out.println("retried " + Plurals.count(retried, "failed delivery", "failed deliveries"));
            }
        }
    }

    @Command(name = "cancel", description = "Stops a pending or running delivery for good.")
    static final class CancelDelivery extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The delivery's id (dlv_…).")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("deliveries", id, "cancel"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            printState(answer.json(), out);
        }
    }

    private static void printState(JsonNode delivery, PrintWriter out) {
        out.println("delivery " + ApiJson.text(delivery, "id") + " is now " + ApiJson.text(delivery, "state"));
    }

    private static String excerpt(String text) {
        return text == null || text.length() <= EXCERPT_CHARS ? text : text.substring(0, EXCERPT_CHARS - 1) + "…";
    }
}
