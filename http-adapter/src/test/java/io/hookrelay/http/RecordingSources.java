package io.hookrelay.http;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.usecase.ManageSources;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link ManageSources} that notes what it is given ({@code "list"}, {@code "get <id>"}, the source to create…), in
 * which tenant and on which thread, and answers with {@link Samples}.
 */
public class RecordingSources implements ManageSources {
    public final List<Object> given = new CopyOnWriteArrayList<>();
    public final List<String> threads = new CopyOnWriteArrayList<>();
    /** The tenant of each call, in order. */
    public final List<TenantId> tenants = new CopyOnWriteArrayList<>();

    @Override
    public Source create(TenantId tenant, Source source) {
        note(tenant, source);
        return source;
    }

    @Override
    public List<Source> list(TenantId tenant) {
        note(tenant, "list");
        return List.of(Samples.githubSource());
    }

    @Override
    public Source get(TenantId tenant, String id) {
        note(tenant, "get " + id);
        return Samples.githubSource();
    }

    @Override
    public Source replace(TenantId tenant, Source source) {
        note(tenant, source);
        return source;
    }

    @Override
    public void delete(TenantId tenant, String id) {
        note(tenant, "delete " + id);
    }

    private void note(TenantId tenant, Object argument) {
        tenants.add(tenant);
        threads.add(Thread.currentThread().getName());
        given.add(argument);
    }
}
