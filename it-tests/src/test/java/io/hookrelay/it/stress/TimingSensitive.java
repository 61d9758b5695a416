package io.hookrelay.it.stress;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test whose verdict depends on when things happen (a rate, a propagation delay, a bound on
 * latency), so a change to the delivery path should be run through {@link StressRun} as well as the build: one
 * green run proves little about such a test.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(TimingSensitive.TAG)
public @interface TimingSensitive {
    String TAG = "timing-sensitive";
}
