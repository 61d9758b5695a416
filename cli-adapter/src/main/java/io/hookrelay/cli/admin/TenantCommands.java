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
import picocli.CommandLine.Parameters;

/** {@code hookrelay tenant add|list|show|update|rm|suspend|resume|usage}: the deployment's tenants, for its operator. */
@Command(
        name = "tenant",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Manages tenants, the owners a deployment serves side by side (operator token only).",
        subcommands = {TenantCommands.AddTenant.class, TenantCommands.ListTenants.class, TenantCommands.ShowTenant.class,
            TenantCommands.UpdateTenant.class, TenantCommands.RemoveTenant.class, TenantCommands.SuspendTenant.class,
            TenantCommands.ResumeTenant.class, TenantCommands.TenantUsage.class})
public final class TenantCommands {

    @Command(name = "add", description = "Creates a tenant.")
    static final class AddTenant extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The tenant's id: lower-case letters, digits, '-' and '_'.")
        private String id;

        @Option(names = "--name", paramLabel = "NAME", description = "What people call it (default: its id).")
        private String name;

        @Mixin
        private TenantQuotaOptions quotas = new TenantQuotaOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("tenants"), new TenantBody(id, name, quotas.applyTo(TenantBody.Quotas.NONE)));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "list", description = "Lists the tenants by id, a page at a time.")
    static final class ListTenants extends AdminCommand {
        @Mixin
        private PageOptions page = new PageOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(page.of(ApiPath.of("tenants")));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("ID", "NAME", "SUSPENDED", "INGEST/S", "IN FLIGHT", "SOURCES", "TARGETS");
            Listing.print(answer.json(), "no tenants", table, tenant -> new Object[] {
                ApiJson.text(tenant, "id"), ApiJson.text(tenant, "name"), ApiJson.text(tenant, "suspended"),
                quota(tenant, "ingest_per_s"), quota(tenant, "max_in_flight"), quota(tenant, "max_sources"),
                quota(tenant, "max_targets"),
            }, out);
        }
    }

    @Command(name = "show", description = "Shows a tenant.")
    static final class ShowTenant extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The tenant's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("tenants", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "update", description = "Changes a tenant's name or quotas; what is not given stays as it is.")
    static final class UpdateTenant extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The tenant's id.")
        private String id;

        @Option(names = "--name", paramLabel = "NAME", description = "What people call it from now on.")
        private String name;

        @Mixin
        private TenantQuotaOptions quotas = new TenantQuotaOptions();

        @Override
        protected ApiAnswer send(AdminClient client) {
            TenantBody current = TenantBody.shown(client.get(ApiPath.of("tenants", id)).json());
            return client.put(ApiPath.of("tenants", id), new TenantBody(null, name == null ? current.name() : name,
                    quotas.applyTo(current.quotas())));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            details(answer.json()).print(out);
        }
    }

    @Command(name = "rm", description = "Deletes a tenant; the tenant 'default' always exists.")
    static final class RemoveTenant extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The tenant's id.")
        private String id;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.delete(ApiPath.of("tenants", id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println("deleted tenant " + id);
        }
    }

    /** A suspend or resume: a {@code POST} of the action on the tenant, and a line saying it was done. */
    abstract static class TenantAction extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The tenant's id.")
        private String id;

        private final String action;
        private final String done;

        TenantAction(String action, String done) {
            this.action = action;
            this.done = done;
        }

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.post(ApiPath.of("tenants", id, action));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            out.println(done + " tenant " + id);
        }
    }

    @Command(name = "suspend", description = "Suspends a tenant.")
    static final class SuspendTenant extends TenantAction {
        SuspendTenant() {
            super("suspend", "suspended");
        }
    }

    @Command(name = "resume", description = "Resumes a suspended tenant.")
    static final class ResumeTenant extends TenantAction {
        ResumeTenant() {
            super("resume", "resumed");
        }
    }

    @Command(name = "usage", description = "Shows a tenant's usage a UTC day at a time, every day of the range.")
    static final class TenantUsage extends AdminCommand {
        @Parameters(paramLabel = "ID", description = "The tenant's id.")
        private String id;

        @Option(names = "--from", paramLabel = "DATE", description = "The first day, YYYY-MM-DD (default: 30 days up to --to).")
        private String from;

        @Option(names = "--to", paramLabel = "DATE", description = "The last day, YYYY-MM-DD (default: today, UTC).")
        private String to;

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("tenants", id, "usage").param("from", from).param("to", to));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            TextTable table = TextTable.withColumns("DATE", "EVENTS", "ATTEMPTS", "SUCCEEDED", "FAILED");
            Listing.print(answer.json(), "no days", table, day -> new Object[] {
                ApiJson.text(day, "date"), ApiJson.text(day, "events_accepted"), ApiJson.text(day, "attempts"),
                ApiJson.text(day, "deliveries_succeeded"), ApiJson.text(day, "deliveries_failed"),
            }, out);
        }
    }

    private static TextTable details(JsonNode tenant) {
        return new TextTable()
                .row("id", ApiJson.text(tenant, "id"))
                .row("name", ApiJson.text(tenant, "name"))
                .row("suspended", ApiJson.text(tenant, "suspended"))
                .row("ingest per s", quota(tenant, "ingest_per_s"))
                .row("max in flight", quota(tenant, "max_in_flight"))
                .row("max sources", quota(tenant, "max_sources"))
                .row("max targets", quota(tenant, "max_targets"))
                .row("created", ApiJson.text(tenant, "created_at"));
    }

    /** A quota, or "none" when it has no limit. */
    private static String quota(JsonNode tenant, String name) {
        String value = ApiJson.text(tenant.path("quotas"), name);
        return value == null ? TenantQuotaOptions.NONE : value;
    }
}
