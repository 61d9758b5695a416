package io.hookrelay.it;

import org.junit.platform.suite.api.ExcludeClassNamePatterns;
import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectClasses;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The tests that run several loaded relay processes (three nodes on one database, the benchmark's relays), one after
 * another in one test JVM while the build's other one runs the rest: two of them side by side put six loaded nodes
 * on two cores, and then measured the machine rather than the relay (docs/benchmarks.md, issue 31).
 *
 * <p>Failsafe leaves these classes out of its own selection and runs them through this suite (it-tests' POM); it
 * runs its classes in name order, so this one, the longest, starts first. The soak ({@code ClusterSoakIT}) runs only in
 * {@code -Psoak}, the partitions ({@code NetworkPartitionIT}) only in {@code -Ppartitions}.
 */
@Suite
@SelectPackages("io.hookrelay.it.cluster")
@SelectClasses(names = "io.hookrelay.bench.BenchmarkIT")
@IncludeClassNamePatterns(".*IT")
@ExcludeClassNamePatterns({".*SoakIT", ".*NetworkPartitionIT"})
class ManyRelaysSuiteIT {
}
