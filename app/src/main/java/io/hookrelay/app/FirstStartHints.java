package io.hookrelay.app;

import io.hookrelay.cli.common.Defaults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a newcomer reads when the server first starts: where the admin token is, and commands to paste
 * that take one webhook from {@code curl} to a receiver. Printed in full only when this start created the
 * token file, which is what a first start on a fresh data directory does; later starts name the file only.
 */
final class FirstStartHints {
    private static final Path DEFAULT_DATA_DIR = Path.of(Defaults.DATA_DIR);

    private static final Logger log = LoggerFactory.getLogger(FirstStartHints.class);

    private FirstStartHints() {
    }

    /** Through its own logger, which the shipped logging configuration prints without a prefix. */
    static void print(String baseUrl, AdminTokenFile token) {
        lines(baseUrl, token).forEach(log::info);
    }

    /** A token file is only ever made in the data directory, so the directory to name is the file's. */
    static List<String> lines(String baseUrl, AdminTokenFile token) {
        List<String> lines = new ArrayList<>();
        if (token.file().isEmpty()) {
            lines.add("admin token: from HOOKRELAY_ADMIN_TOKEN");
            return lines;
        }
        lines.add("admin token: " + token.file().get() + (token.createdNow() ? " (created now, readable by you only)" : ""));
        if (!token.createdNow()) {
            return lines;
        }
        lines.add("try it: run a receiver in one terminal, then paste the rest in another (same directory):");
        lines.add("  ./hookrelay listen --port 9000");
        if (!baseUrl.equals(Defaults.SERVER_URL)) {
            lines.add("  export HOOKRELAY_URL=" + baseUrl);
        }
        Path dataDir = token.file().get().getParent();
        if (!dataDir.toAbsolutePath().normalize().equals(DEFAULT_DATA_DIR.toAbsolutePath().normalize())) {
            lines.add("  export HOOKRELAY_DATA_DIR=" + dataDir);
        }
        lines.add("  ./hookrelay source add demo");
        lines.add("  ./hookrelay target add demo-sink http://127.0.0.1:9000/");
        lines.add("  ./hookrelay route add --source demo --target demo-sink");
        lines.add("  curl -i -X POST " + baseUrl + "/hooks/demo -H 'content-type: application/json' -d '{\"type\":\"demo.hello\"}'");
        lines.add("  ./hookrelay deliveries list");
        return lines;
    }
}
