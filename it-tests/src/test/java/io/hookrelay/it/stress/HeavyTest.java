package io.hookrelay.it.stress;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test class that runs several relay processes under load (a cluster, the benchmark), and so takes its turn: while
 * it runs, no other such class runs in any test JVM of the build (failsafe runs two), though lighter tests do. Two of
 * them side by side put six loaded nodes on two cores: a node restarted then took over a minute to print its first
 * line, and a pause took more than a second to reach a node, which measured the machine rather than the relay.
 *
 * <p>The turn is an exclusive lock on {@code target/heavy-tests.lock}, held from before the class's other
 * extensions (a database of its own, say) start until after they have closed.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(HeavyTest.Turn.class)
public @interface HeavyTest {

    /** Takes the lock before the class's tests, and gives it back once the class is done. */
    final class Turn implements BeforeAllCallback {
        private static final Path LOCK = Path.of("target", "heavy-tests.lock");

        @Override
        public void beforeAll(ExtensionContext context) throws IOException {
            Files.createDirectories(LOCK.getParent());
            FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            long waitedFrom = System.nanoTime();
            FileLock lock = channel.lock();
            long waitedMillis = (System.nanoTime() - waitedFrom) / 1_000_000;
            if (waitedMillis >= 1_000) {
                System.out.printf("[turns] %s waited %d ms for another heavy test to finish%n",
                        context.getRequiredTestClass().getSimpleName(), waitedMillis);
            }
            context.getStore(ExtensionContext.Namespace.create(Turn.class)).put(LOCK, (AutoCloseable) () -> {
                lock.release();
                channel.close();
            });
        }
    }
}
