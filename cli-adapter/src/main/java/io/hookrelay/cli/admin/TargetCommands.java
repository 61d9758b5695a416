package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.AdminClient;
import io.hookrelay.cli.client.AdminCommand;
import io.hookrelay.cli.client.ApiAnswer;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.client.ApiPath;
import io.hookrelay.cli.client.Listing;
import io.hookrelay.cli.client.TextTable;
import io.hookrelay.cli.common.DurationText;
import io.hookrelay.cli.common.Plurals;
import io.hookrelay.cli.common.VersionProvider;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay target add|update|list|show|rm|pause|resume|rotate-secret}: where deliveries go. */
@Command(
        name = "target",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages targets: the receivers deliveries are POSTed to, signed with the target's secret.",
        subcommands = {TargetCommands.AddTarget.class, TargetCommands.UpdateTarget.class, TargetCommands.ListTargets.class,
            TargetCommands.ShowTarget.class, TargetCommands.RemoveTarget.class, TargetCommands.PauseTarget.class,
            TargetCommands.ResumeTarget.class, TargetCommands.RotateSecret.class})
public final class TargetCommands {
    /** The target's own URL is a parameter because {@code --url} names the hookrelay server on every admin command. */
    @Command(name = "add", description = "Creates a target and prints its signing secret, once.")
    static final class AddTarget extends AdminCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The target's id: [a-z0-9][a-z0-9_-]{0,63}.")
        private String id;

        @Parameters(index = "1", paramLabel = "URL", description = "Where deliveries are POSTed (http or https).")
        private String url;

        @Mixin
        private TargetOptions options = new TargetOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets"), options.applyTo(TargetBody.of(id, url)));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            printWithSecret(answer.json(), out);
        }
    }

    /**
     * The API replaces a target whole, so update sends what the target has now with the options given in place: a
     * change made by someone else between the two requests is undone, as when two people edit it in the console.
     */
    @Command(name = "update", description = "Changes the settings given and keeps the others, and the secret unless "
            + "--secret gives one.")
    static final class UpdateTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Option(names = "--target-url", paramLabel = "URL",
                description = "Where deliveries are POSTed from now on (http or https); --url names the hookrelay server.")
        private String url;

        @Mixin
        private TargetOptions options = new TargetOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            TargetBody current = TargetBody.shown(client.get(ApiPath.of("targets", id)).json());
            return client.put(ApiPath.of("targets", id), options.applyTo(current.at(url)));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            JsonNode target = answer.json();
            details(target).print(out);
            if (options.givesSecret()) {
                out.println();
                out.println(SecretNotes.replaced(target));
            }
        }
    }

    @Command(name = "rotate-secret", description = "Gives a target a new signing secret and prints it, once; the old one "
            + "keeps signing beside it for the grace period.")
    static final class RotateSecret extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Option(names = "--grace", paramLabel = "SPAN", converter = DurationText.Converter.class,
                description = "How long deliveries also carry a signature under the old secret, such as 24h or 0 (default: 1d).")
        private Duration grace;

        @Option(names = "--signature", paramLabel = "v1|v1a", description = "The new secret's scheme (default: the current one's).")
        private String signature;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets", id, "rotate-secret"),
                    new RotationBody(grace == null ? null : grace.toSeconds(), signature));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            printWithSecret(answer.json(), out);
            out.println(SecretNotes.grace(answer.json()));
        }
    }

    record RotationBody(Long graceS, String signature) {
    }

    @Command(name = "list", description = "Lists the targets.")
    static final class ListTargets extends AdminCommand {
        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("targets"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "URL", "PAUSED", "TIMEOUT MS", "RETRY SCHEDULE", "MAX IN FLIGHT",
                    "RATE LIMIT", "SIGNATURE", "ORDERING", "BLOCKED BY");
            Listing.print(answer.json(), "no targets", table, target -> new Object[] {
                ApiJson.text(target, "id"), ApiJson.text(target, "url"), paused(target), ApiJson.text(target, "timeout_ms"),
                RetrySchedule.describe(target.path("retry_schedule_s")), ApiJson.text(target, "max_in_flight"), rateLimit(target),
                ApiJson.text(target, "signature"), ApiJson.text(target, "ordering"),
                ApiJson.text(target.path("blocked_by"), "delivery_id"),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows one target (never its secret).")
    static final class ShowTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("targets", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "rm", description = "Deletes a target and its routes, and cancels its open deliveries.")
    static final class RemoveTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("targets", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("deleted target " + id + " and its routes; its open deliveries are cancelled");
        }
    }

    @Command(name = "pause", description = "Holds a target's deliveries (they stay pending) until it is resumed.")
    static final class PauseTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets", id, "pause"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("paused target " + id + "; its deliveries wait until it is resumed");
        }
    }

    @Command(name = "resume", description = "Sends a paused target's waiting deliveries again.")
    static final class ResumeTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets", id, "resume"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("resumed target " + id);
        }
    }

    /** The answer to a create or a rotation, the only ones that carry the secret, and what to do with it. */
    private static void printWithSecret(JsonNode target, PrintWriter out) {
        details(target).row("secret", ApiJson.text(target, "secret")).print(out);
        out.println();
        out.println(SecretNotes.shown(target));
    }

    /** A v1a target's public key and a rotated one's grace are shown only when it has them. */
    private static TextTable details(JsonNode target) {
        TextTable table = new TextTable()
                .row("id", ApiJson.text(target, "id"))
                .row("url", ApiJson.text(target, "url"))
                .row("paused", paused(target))
                .row("timeout ms", ApiJson.text(target, "timeout_ms"))
                .row("retry schedule", RetrySchedule.describe(target.path("retry_schedule_s")))
                .row("max in flight", ApiJson.text(target, "max_in_flight"))
                .row("rate limit", rateLimit(target))
                .row("signature", ApiJson.text(target, "signature"))
                .row("ordering", ApiJson.text(target, "ordering"));
        JsonNode blockedBy = target.path("blocked_by");
        if (blockedBy.isObject()) {
            table.row("blocked by", ApiJson.text(blockedBy, "delivery_id") + " (" + ApiJson.text(blockedBy, "state") + ", "
                    + Plurals.count(blockedBy.path("attempts").asInt(), "attempt", "attempts") + ", next " + ApiJson.text(blockedBy, "next_at")
                    + ": " + ApiJson.text(blockedBy, "last_error") + ")");
        }
        if (target.hasNonNull("public_key")) {
            table.row("public key", ApiJson.text(target, "public_key"));
        }
        if (target.hasNonNull("previous_secret_until")) {
            table.row("old secret until", ApiJson.text(target, "previous_secret_until"));
        }
        return table;
    }

    private static String rateLimit(JsonNode target) {
        return target.hasNonNull("rate_limit_per_s") ? target.get("rate_limit_per_s").asText() + "/s" : "none";
    }

    private static String paused(JsonNode target) {
        return target.path("paused").asBoolean() ? "yes" : "no";
    }
}
