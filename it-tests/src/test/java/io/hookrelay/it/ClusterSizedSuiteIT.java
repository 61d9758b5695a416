package io.hookrelay.it;

import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectClasses;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The tests that run several loaded relay processes (three nodes on one database, the benchmark's relays), one after
 * another in one test JVM while the build's other one runs the rest. Two of them side by side put six loaded nodes on
 * two cores: in full runs a restarted node then took over a minute to print its first line, and a pause more than a
 * second to reach a node, which measured the machine rather than the relay. Alone, even beside a busy core, they held.
 *
 * <p>Failsafe leaves these classes out of its own selection and runs them through this suite (it-tests' POM); its
 * classes run in name order, so this one, the longest, starts first.
 */
@Suite
@SelectPackages("io.hookrelay.it.cluster")
@SelectClasses(names = "io.hookrelay.bench.BenchmarkIT")
@IncludeClassNamePatterns(".*IT")
class ClusterSizedSuiteIT {
}
