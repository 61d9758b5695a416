package io.hookrelay.http;

import java.lang.reflect.Proxy;
import java.util.List;

/**
 * An in-port no test expects to be called: each call is noted in {@code calls}, then fails, so a request that should
 * have been refused before reaching a use case shows up twice, as a {@code 500} and in the list.
 */
final class Unexpected {
    private Unexpected() {
    }

    static <T> T of(Class<T> port, List<String> calls) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, method, arguments) ->
                switch (method.getName()) {
                    case "toString" -> "an unexpected " + port.getSimpleName();
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == arguments[0];
                    default -> {
                        String call = port.getSimpleName() + "." + method.getName();
                        calls.add(call);
                        throw new UnsupportedOperationException("no test expected " + call + " to run");
                    }
                }));
    }
}
