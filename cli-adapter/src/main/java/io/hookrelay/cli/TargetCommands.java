package io.hookrelay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay target add|list|show|rm|pause|resume|rotate-secret}: where deliveries go. */
@Command(
        name = "target",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages targets: the receivers deliveries are POSTed to, signed with the target's secret.",
        subcommands = {TargetCommands.AddTarget.class, TargetCommands.ListTargets.class, TargetCommands.ShowTarget.class,
            TargetCommands.RemoveTarget.class, TargetCommands.PauseTarget.class, TargetCommands.ResumeTarget.class,
            TargetCommands.RotateSecret.class})
final class TargetCommands {
    static final String SECRET_NOTE = "The secret is shown only this once: store it now. "
            + "Receivers check each delivery's webhook-signature header with it.";

    /** The target's own URL is a parameter because {@code --url} names the hookrelay server on every admin command. */
    @Command(name = "add", description = "Creates a target and prints its signing secret, once.")
    static final class AddTarget extends AdminCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The target's id: [a-z0-9][a-z0-9_-]{0,63}.")
        private String id;

        @Parameters(index = "1", paramLabel = "URL", description = "Where deliveries are POSTed (http or https).")
        private String url;

        @Option(names = "--secret", paramLabel = "SECRET",
                description = "The signing secret, whsec_ + base64, or whsk_ + base64 of an ed25519 seed for v1a "
                        + "(default: a new random one).")
        private String secret;

        @Option(names = "--rate-limit-per-s", paramLabel = "N",
                description = "Deliveries started per second at most, over every worker and node, such as 5 or 0.5 (default: none).")
        private Double rateLimitPerS;

        @Option(names = "--signature", paramLabel = "v1|v1a",
                description = "How deliveries are signed: v1 (HMAC-SHA256, the default) or v1a (ed25519; receivers verify "
                        + "with the public key shown).")
        private String signature;

        @Option(names = "--ordering", paramLabel = "none|fifo",
                description = "fifo: one delivery at a time, in the order events came in; one that keeps failing holds "
                        + "the later ones back (default: none).")
        private String ordering;

        @Option(names = "--timeout-ms", paramLabel = "MS", description = "How long one attempt may take (default: 15000).")
        private Integer timeoutMs;

        @Option(names = "--retry-schedule", paramLabel = "WAITS", converter = RetrySchedule.Converter.class,
                description = "Waits before retry 1, 2, …, such as 5s,5m,30m,2h (a bare number is seconds), "
                        + "or none (default: 5s,5m,30m,2h,5h,10h,14h,20h,1d).")
        private RetrySchedule retrySchedule;

        @Option(names = "--max-in-flight", paramLabel = "N",
                description = "Deliveries sent to it at once, at most (default: 10).")
        private Integer maxInFlight;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets"), new TargetBody(id, url, secret, timeoutMs,
                    retrySchedule == null ? null : retrySchedule.waitsSeconds(), maxInFlight, rateLimitPerS, signature,
                    ordering));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            printWithSecret(answer.json(), out);
        }
    }

    record TargetBody(String id, String url, String secret, Integer timeoutMs, List<Long> retryScheduleS, Integer maxInFlight,
                      Double rateLimitPerS, String signature, String ordering) {
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
        ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets", id, "rotate-secret"),
                    new RotationBody(grace == null ? null : grace.toSeconds(), signature));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            printWithSecret(answer.json(), out);
        }
    }

    record RotationBody(Long graceS, String signature) {
    }

    @Command(name = "list", description = "Lists the targets.")
    static final class ListTargets extends AdminCommand {
        @Override
        ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("targets"));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "URL", "PAUSED", "TIMEOUT MS", "RETRY SCHEDULE", "MAX IN FLIGHT",
                    "ORDERING", "BLOCKED BY");
            Listing.print(answer.json(), "no targets", table, target -> new Object[] {
                ApiJson.text(target, "id"), ApiJson.text(target, "url"), paused(target), ApiJson.text(target, "timeout_ms"),
                RetrySchedule.describe(target.path("retry_schedule_s")), ApiJson.text(target, "max_in_flight"),
                ApiJson.text(target, "ordering"), ApiJson.text(target.path("blocked_by"), "delivery_id"),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows one target (never its secret).")
    static final class ShowTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("targets", id));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "rm", description = "Deletes a target and its routes, and cancels its open deliveries.")
    static final class RemoveTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("targets", id));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            out.println("deleted target " + id + " and its routes; its open deliveries are cancelled");
        }
    }

    @Command(name = "pause", description = "Holds a target's deliveries (they stay pending) until it is resumed.")
    static final class PauseTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets", id, "pause"));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            out.println("paused target " + id + "; its deliveries wait until it is resumed");
        }
    }

    @Command(name = "resume", description = "Sends a paused target's waiting deliveries again.")
    static final class ResumeTarget extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The target's id.")
        private String id;

        @Override
        ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("targets", id, "resume"));
        }

        @Override
        void print(ApiAnswer answer, PrintWriter out) {
            out.println("resumed target " + id);
        }
    }

    /** The answer to a create or a rotation, the only ones that carry the secret, and what to do with it. */
    private static void printWithSecret(JsonNode target, PrintWriter out) {
        details(target).row("secret", ApiJson.text(target, "secret")).print(out);
        out.println();
        out.println(SECRET_NOTE);
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
