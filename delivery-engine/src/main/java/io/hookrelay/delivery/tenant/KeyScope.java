package io.hookrelay.delivery.tenant;

import java.util.Arrays;
import java.util.Optional;

/** What a tenant key may do in its tenant (DESIGN §12): everything, or read only. */
public enum KeyScope {
    ADMIN("admin"),
    READ("read");

    private final String wireName;

    KeyScope(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<KeyScope> fromWireName(String name) {
        return Arrays.stream(values()).filter(scope -> scope.wireName.equals(name)).findFirst();
    }
}
