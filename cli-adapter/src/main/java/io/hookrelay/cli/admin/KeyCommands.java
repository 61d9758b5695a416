package io.hookrelay.cli.admin;

import com.fasterxml.jackson.annotation.JsonInclude;
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
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hookrelay key add|list|rm --tenant ID}: a tenant's keys, for the operator to issue and revoke. */
@Command(
        name = "key",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages a tenant's API keys (operator token only).",
        subcommands = {KeyCommands.AddKey.class, KeyCommands.ListKeys.class, KeyCommands.RemoveKey.class})
public final class KeyCommands {
    static final String SHOWN_ONCE = "The token is shown only this once: store it now. hookrelay keeps only its hash.";

    @Command(name = "add", description = "Issues a key and prints its token, once.")
    static final class AddKey extends AdminCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "What the key is for, such as 'deploys'.")
        private String name;

        @Option(names = "--scope", paramLabel = "admin|read", description = "Everything, or reading only (default: read).")
        private String scope = "read";

        @Option(names = "--expires-at", paramLabel = "TIME", converter = TimeConverter.class,
                description = "When it stops working, such as 2027-01-01T00:00:00Z (default: never; revoke it with rm).")
        private Instant expiresAt;

        @JsonInclude(JsonInclude.Include.NON_NULL)
        record KeyBody(String name, String scope, String expiresAt) {
        }

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("tenants", namedTenant(), "keys"),
                    new KeyBody(name, scope, expiresAt == null ? null : expiresAt.toString()));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            JsonNode key = answer.json();
            new TextTable()
                    .row("id", ApiJson.text(key, "id"))
                    .row("name", ApiJson.text(key, "name"))
                    .row("scope", ApiJson.text(key, "scope"))
                    .row("expires", ApiJson.text(key, "expires_at"))
                    .row("token", ApiJson.text(key, "token"))
                    .print(out);
            out.println();
            out.println(SHOWN_ONCE);
        }
    }

    @Command(name = "list", description = "Lists a tenant's keys, without their tokens.")
    static final class ListKeys extends AdminCommand {
        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("tenants", namedTenant(), "keys"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "NAME", "SCOPE", "CREATED", "EXPIRES", "LAST USED");
            Listing.print(answer.json(), "no keys", table, key -> new Object[] {
                ApiJson.text(key, "id"), ApiJson.text(key, "name"), ApiJson.text(key, "scope"), ApiJson.text(key, "created_at"),
                ApiJson.text(key, "expires_at"), ApiJson.text(key, "last_used_at"),
            }, out);
        }
    }

    @Command(name = "rm", description = "Revokes a key: it stops working at once.")
    static final class RemoveKey extends AdminCommand {
        @Parameters(paramLabel = "KEY_ID", description = "The key's id (key_…).")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("tenants", namedTenant(), "keys", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("revoked key " + id + " of tenant " + namedTenant());
        }
    }
}
