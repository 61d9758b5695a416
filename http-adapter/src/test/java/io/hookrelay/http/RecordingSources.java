package io.hookrelay.http;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.usecase.ManageSources;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link ManageSources} that notes what it is given ({@code "list"}, {@code "get <id>"}, the source to create…) and
 * on which thread, and answers with {@link Samples}.
 */
public class RecordingSources implements ManageSources {
    public final List<Object> given = new CopyOnWriteArrayList<>();
    public final List<String> threads = new CopyOnWriteArrayList<>();

    @Override
    public Source create(Source source) {
        note(source);
        return source;
    }

    @Override
    public List<Source> list() {
        note("list");
        return List.of(Samples.githubSource());
    }

    @Override
    public Source get(String id) {
        note("get " + id);
        return Samples.githubSource();
    }

    @Override
    public Source replace(Source source) {
        note(source);
        return source;
    }

    @Override
    public void delete(String id) {
        note("delete " + id);
    }

    private void note(Object argument) {
        threads.add(Thread.currentThread().getName());
        given.add(argument);
    }
}
