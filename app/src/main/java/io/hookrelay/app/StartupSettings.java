package io.hookrelay.app;

import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.signing.SecretCipher;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code serve} takes from the environment, and what its options need checked against the machine, all
 * checked before the database is touched: a start refused for a bad setting leaves nothing behind on disk
 * and connects nowhere. The database's provider depends on this, so wiring cannot open it first.
 *
 * <p>On a shared database ({@code --database}) both secrets must come from the environment: every node
 * needs the same ones, and a node has no data directory of its own to make them in.
 *
 * @param adminToken {@code HOOKRELAY_ADMIN_TOKEN}, stripped, when set
 * @param secretKey  {@code HOOKRELAY_SECRET_KEY}, when set: the key the database's secrets are sealed with,
 *                   in place of {@code <data-dir>/secret.key}
 */
record StartupSettings(Optional<String> adminToken, Optional<SecretCipher> secretKey) {
    static final String SECRET_KEY_FROM_ENVIRONMENT = "HOOKRELAY_SECRET_KEY";

    StartupSettings {
        Objects.requireNonNull(adminToken, "adminToken");
        Objects.requireNonNull(secretKey, "secretKey");
    }

    /** @throws IllegalArgumentException listing every problem, one sentence each, on one line, naming no secret */
    static StartupSettings check(ServeOptions options, Optional<String> adminTokenFromEnvironment,
                                 Optional<String> secretKeyFromEnvironment, SecureRandom random) {
        List<String> problems = new ArrayList<>();
        if (options.database().isPresent()) {
            requireShared(adminTokenFromEnvironment, HttpModule.ADMIN_TOKEN_FROM_ENVIRONMENT, "admin token", problems);
            requireShared(secretKeyFromEnvironment, SECRET_KEY_FROM_ENVIRONMENT, "secret key", problems);
        }
        Optional<String> adminToken = adminTokenFromEnvironment.map(String::strip);
        adminToken.ifPresent(token -> AdminTokenFile.weakness(token, HttpModule.ADMIN_TOKEN_FROM_ENVIRONMENT).ifPresent(problems::add));
        Optional<SecretCipher> secretKey = Optional.empty();
        try {
            secretKey = secretKeyFromEnvironment.map(key -> SecretCipher.fromBase64(key, SECRET_KEY_FROM_ENVIRONMENT, random));
        } catch (IllegalArgumentException malformed) {
            problems.add(malformed.getMessage());
        }
        try {
            InetAddress.getByName(options.host());
        } catch (UnknownHostException unknown) {
            problems.add(StartupFailures.unknownHost(options));
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new StartupSettings(adminToken, secretKey);
    }

    private static void requireShared(Optional<String> fromEnvironment, String variable, String what, List<String> problems) {
        if (fromEnvironment.isEmpty()) {
            problems.add("--database needs " + variable + " set: every node on the database must use the same " + what);
        }
    }

    @Override
    public String toString() {
        return "StartupSettings[adminToken=" + adminToken.map(token -> "(hidden)") + ", secretKey=" + secretKey + "]";
    }
}
