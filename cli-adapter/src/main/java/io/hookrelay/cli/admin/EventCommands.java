package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.AdminClient;
import io.hookrelay.cli.client.AdminCommand;
import io.hookrelay.cli.client.ApiAnswer;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.client.ApiPath;
import io.hookrelay.cli.client.Listing;
import io.hookrelay.cli.client.PageOptions;
import io.hookrelay.cli.client.Printable;
import io.hookrelay.cli.client.TextTable;
import io.hookrelay.cli.common.Plurals;
import io.hookrelay.cli.common.VersionProvider;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay events list|show|replay}: what the sources received. */
@Command(
        name = "events",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Shows received events and sends them again.",
        subcommands = {EventCommands.ListEvents.class, EventCommands.ShowEvent.class, EventCommands.ReplayEvent.class})
public final class EventCommands {

    @Command(name = "list", description = "Lists events, newest first.")
    static final class ListEvents extends AdminCommand {
        @Option(names = "--source", paramLabel = "SOURCE", description = "Only events of this source.")
        private String source;

        @Mixin
        private PageOptions page = new PageOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(page.of(ApiPath.of("events").param("source", source)));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "SOURCE", "EVENT TYPE", "RECEIVED AT", "BODY BYTES");
            Listing.print(answer.json(), "no events", table, event -> new Object[] {
                ApiJson.text(event, "id"), ApiJson.text(event, "source"), ApiJson.text(event, "event_type"),
                ApiJson.text(event, "received_at"), ApiJson.text(event, "body_bytes"),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows one event: its headers, its body and its deliveries.")
    static final class ShowEvent extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The event's id (evt_…).")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("events", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            JsonNode event = answer.json();
            byte[] body = Base64.getDecoder().decode(event.path("body_base64").asText());
            new TextTable()
                    .row("id", ApiJson.text(event, "id"))
                    .row("source", ApiJson.text(event, "source"))
                    .row("event type", ApiJson.text(event, "event_type"))
                    .row("received at", ApiJson.text(event, "received_at"))
                    .row("content type", ApiJson.text(event, "content_type"))
                    .row("body bytes", body.length)
                    .print(out);
            out.println();
            out.println("headers:");
            event.path("headers").properties().forEach(header ->
                    out.println("  " + Printable.line(header.getKey() + ": " + header.getValue().asText())));
            out.println();
            out.println("body:");
            out.println(text(body).map(Printable::text)
                    .orElse("(" + body.length + " bytes that are not UTF-8 text; --json shows them as body_base64)"));
            out.println();
            printDeliveries(event.path("deliveries"), "no deliveries", out);
        }

        private static Optional<String> text(byte[] body) {
            try {
                return Optional.of(StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body))
                        .toString());
            } catch (CharacterCodingException e) {
                return Optional.empty();
            }
        }
    }

    @Command(name = "replay", description = "Delivers an event again to the targets its source routes it to now.")
    static final class ReplayEvent extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The event's id (evt_…).")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("events", id, "replay"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            JsonNode deliveries = answer.json().path("deliveries");
            out.println("replayed event " + id + ": " + Plurals.count(deliveries.size(), "new delivery", "new deliveries"));
            printDeliveries(deliveries, "no route of its source matches it now", out);
        }
    }

    /** An event's deliveries, as {@code events show} and {@code events replay} answer them. */
    private static void printDeliveries(JsonNode deliveries, String whenEmpty, PrintWriter out) {
        if (deliveries.isEmpty()) {
            out.println(whenEmpty);
            return;
        }
        TextTable table = TextTable.withColumns("DELIVERY", "TARGET", "STATE");
        deliveries.forEach(delivery -> table.row(
                ApiJson.text(delivery, "id"), ApiJson.text(delivery, "target"), ApiJson.text(delivery, "state")));
        table.print(out);
    }
}
