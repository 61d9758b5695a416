package io.hookrelay.cli;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives each test a {@link FakeApi} parameter: one server per test class (stopping one takes a second),
 * forgetting the previous test's requests and answer before each test.
 */
public final class FakeApiExtension
        implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback, ParameterResolver {
    private static final Namespace NAMESPACE = Namespace.create(FakeApiExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        context.getStore(NAMESPACE).put(FakeApi.class, FakeApi.start());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        api(context).reset();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        api(context).close();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == FakeApi.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return api(context);
    }

    private static FakeApi api(ExtensionContext context) {
        return context.getStore(NAMESPACE).get(FakeApi.class, FakeApi.class);
    }
}
