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
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code hookrelay source add|update|list|show|rm}: the endpoints providers POST webhooks to. */
@Command(
        name = "source",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages sources: the endpoints webhook providers POST to (/hooks/<id>).",
        subcommands = {SourceCommands.AddSource.class, SourceCommands.UpdateSource.class, SourceCommands.ListSources.class,
                SourceCommands.ShowSource.class, SourceCommands.RemoveSource.class})
public final class SourceCommands {

    @Command(name = "add", description = "Creates a source.")
    static final class AddSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id, also its path /hooks/<id>: [a-z0-9][a-z0-9_-]{0,63}.")
        private String id;

        @ArgGroup(exclusive = false)
        private VerifyOptions.New verify;

        @Mixin
        private SourceOptions options = new SourceOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("sources"), options.applyTo(SourceBody.named(id), verify == null ? null : verify.body()));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    /**
     * The API replaces a source whole, so update sends what the source has now with the options given in place: a
     * change made by someone else between the two requests is undone, as when two people edit it in the console.
     */
    @Command(name = "update", description = "Changes the settings given and keeps the others; a source that verifies "
            + "needs its --secret again, which the server never shows.")
    static final class UpdateSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id.")
        private String id;

        @Mixin
        private VerifyOptions.Change verify = new VerifyOptions.Change();

        @Mixin
        private SourceOptions options = new SourceOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            JsonNode current = client.get(ApiPath.of("sources", id)).json();
            return client.put(ApiPath.of("sources", id),
                    options.applyTo(SourceBody.shown(current), verify.body(id, current.path("verify"))));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "list", description = "Lists the sources.")
    static final class ListSources extends AdminCommand {
        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("sources"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "VERIFY", "EVENT TYPE", "IDEMPOTENCY KEY", "MAX BODY BYTES");
            Listing.print(answer.json(), "no sources", table, source -> new Object[] {
                ApiJson.text(source, "id"), ApiJson.text(source.path("verify"), "scheme"), eventType(source),
                idempotencyKey(source), ApiJson.text(source, "max_body_bytes"),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows one source (never its secret).")
    static final class ShowSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("sources", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "rm", description = "Deletes a source and its routes; its events stay.")
    static final class RemoveSource extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The source's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("sources", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("deleted source " + id + " and its routes");
        }
    }

    /**
     * The signature settings appear only for hmac-sha256, the one scheme that has them; the idempotency key's
     * header or its pointer into the body, whichever the source has.
     */
    private static TextTable details(JsonNode source) {
        JsonNode verify = source.path("verify");
        TextTable table = new TextTable()
                .row("id", ApiJson.text(source, "id"))
                .row("verify", ApiJson.text(verify, "scheme"));
        if (verify.has("header")) {
            table.row("signature header", ApiJson.text(verify, "header"))
                    .row("signature prefix", ApiJson.text(verify, "prefix"))
                    .row("signature encoding", ApiJson.text(verify, "encoding"));
        }
        if (source.hasNonNull("idempotency_json_pointer")) {
            table.row("idempotency key", idempotencyKey(source));
        } else {
            table.row("idempotency header", ApiJson.text(source, "idempotency_header"));
        }
        return table.row("event type", eventType(source))
                .row("max body bytes", ApiJson.text(source, "max_body_bytes"))
                .row("redacted headers", headerList(source, "redact_headers"))
                .row("forwarded headers", headerList(source, "forward_headers"));
    }

    /** The header a repeated webhook's key is in, or where in its body; "-" for the default headers. */
    private static String idempotencyKey(JsonNode source) {
        return source.hasNonNull("idempotency_json_pointer")
                ? "json pointer " + ApiJson.text(source, "idempotency_json_pointer")
                : ApiJson.text(source, "idempotency_header");
    }

    /** One of the source's header lists; for redactions, the credentials every source leaves out are not repeated here. */
    private static String headerList(JsonNode source, String field) {
        List<String> names = ApiJson.texts(source.path(field));
        return names.isEmpty() ? null : String.join(", ", names);
    }

    private static String eventType(JsonNode source) {
        JsonNode eventType = source.path("event_type");
        if (eventType.hasNonNull("header")) {
            return "header " + eventType.get("header").asText();
        }
        if (eventType.hasNonNull("json_pointer")) {
            return "json pointer " + eventType.get("json_pointer").asText();
        }
        return null;
    }
}
