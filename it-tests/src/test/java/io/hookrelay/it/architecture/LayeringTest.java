package io.hookrelay.it.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameStartingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Module;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.hookrelay.storage.jdbi.SourceDao;
import io.hookrelay.storage.jdbi.TargetColumns;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module rules of DESIGN §1, checked on the production classes of every module. Maven already keeps
 * modules from depending on modules they do not declare; these rules also catch what a POM cannot see,
 * such as a framework arriving transitively in the domain.
 */
class LayeringTest {
    private static final String QUEUE = "io.hookrelay.queue..";
    private static final String DELIVERY = "io.hookrelay.delivery..";
    private static final String STORAGE = "io.hookrelay.storage..";
    private static final String JDBI = "io.hookrelay.storage.jdbi..";
    private static final String SQLITE = "io.hookrelay.storage.sqlite..";
    private static final String POSTGRES = "io.hookrelay.storage.postgres..";
    private static final String HTTP = "io.hookrelay.http..";
    private static final String CLI = "io.hookrelay.cli..";
    private static final String APP = "io.hookrelay.app..";
    private static final String[] FRAMEWORKS = {
        "com.google.inject..", "jakarta.inject..", "javax.inject..", "org.jdbi..", "org.sqlite..", "com.zaxxer..",
        "io.undertow..", "org.xnio..", "io.micrometer..", "io.prometheus..", "picocli..", "com.fasterxml.jackson..",
    };

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/io/hookrelay/queue/testing/"))
                // Modules' published test-jars (fixtures, contract suites) are tests too, wherever they come from.
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.hookrelay");
    }

    @Test
    void everyAdapterIsImported() {
        for (String layer : new String[] {QUEUE, DELIVERY, JDBI, SQLITE, POSTGRES, HTTP, CLI, APP}) {
            String packagePrefix = layer.substring(0, layer.length() - 2);
            assertThat(production.stream().anyMatch(c -> c.getPackageName().startsWith(packagePrefix)))
                    .as("production classes found in %s", packagePrefix)
                    .isTrue();
        }
    }

    @Test
    void theDomainUsesNoFramework() {
        check(noClasses().that().resideInAnyPackage(QUEUE, DELIVERY)
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .because("queue-core and delivery-engine are plain Java (DESIGN §1)"));
    }

    /**
     * SQL, the tables' columns and file modes are the adapters' business: the domain neither speaks to a
     * database nor sets a file's permissions (DESIGN §1).
     */
    @Test
    void theDomainHoldsNoSqlNorFileModes() {
        check(noClasses().that().resideInAnyPackage(QUEUE, DELIVERY)
                .should().dependOnClassesThat().resideInAPackage("java.sql..")
                .because("only the storage adapters speak to a database"));
        check(noClasses().that().resideInAnyPackage(QUEUE, DELIVERY)
                .should().dependOnClassesThat(
                        resideInAPackage("java.nio.file.attribute").and(simpleNameStartingWith("PosixFilePermission")))
                .because("file modes are set by the adapter that writes the file"));
        check(classes().that().resideInAnyPackage(QUEUE, DELIVERY).should(holdNoSqlText())
                .because("statements and column lists live in the storage adapters and storage-jdbi"));
    }

    /** The check above would see SQL: it finds a DAO's statements and a column list. */
    @Test
    void theSqlCheckRecognisesStatementsAndColumnLists() {
        assertThat(SqlText.in(production.get(SourceDao.class))).anyMatch(text -> text.startsWith("INSERT INTO sources"));
        assertThat(SqlText.in(production.get(TargetColumns.class))).containsExactly(TargetColumns.NAMES);
    }

    @Test
    void theQueueDependsOnNothingElseOfOurs() {
        check(noClasses().that().resideInAPackage(QUEUE)
                .should().dependOnClassesThat().resideInAnyPackage(DELIVERY, STORAGE, HTTP, CLI, APP));
    }

    @Test
    void theRelayDomainDependsOnlyOnTheQueue() {
        check(noClasses().that().resideInAPackage(DELIVERY)
                .should().dependOnClassesThat().resideInAnyPackage(STORAGE, HTTP, CLI, APP));
    }

    /**
     * An adapter is named for its technology and the port it implements ({@code SqliteIntentStore},
     * {@code JdkWebhookSender}), so the name alone says what plugs in where. The JDK sender lives in the
     * relay's module but in its own package, and counts as an adapter here.
     */
    @Test
    void adaptersAreNamedTechnologyPlusPort() {
        check(classes().that().resideOutsideOfPackages(QUEUE, DELIVERY).or().resideInAPackage("io.hookrelay.delivery.jdk..")
                .and().areNotAnonymousClasses()
                .should(beNamedTechnologyPlusEachPortTheyImplement()));
        // What only one process may keep in memory lives with SQLite, whose lock proves there is one process.
        check(classes().that().resideInAPackage(SQLITE).and().implement(resideInAnyPackage(QUEUE, DELIVERY))
                .should().haveSimpleNameStartingWith("Sqlite").orShould().haveSimpleNameStartingWith("InProcess"));
        check(classes().that().resideInAPackage(POSTGRES).and().implement(resideInAnyPackage(QUEUE, DELIVERY))
                .should().haveSimpleNameStartingWith("Postgres"));
    }

    @Test
    void adaptersDoNotDependOnEachOtherOrOnTheApp() {
        check(noClasses().that().resideInAPackage(STORAGE)
                .should().dependOnClassesThat().resideInAnyPackage(HTTP, CLI, APP));
        check(noClasses().that().resideInAPackage(SQLITE).should().dependOnClassesThat().resideInAPackage(POSTGRES));
        check(noClasses().that().resideInAPackage(POSTGRES).should().dependOnClassesThat().resideInAPackage(SQLITE));
        // storage-jdbi is what the two SQL stores share, not an adapter of its own: theirs alone, and below them.
        check(noClasses().that().resideOutsideOfPackages(JDBI, SQLITE, POSTGRES)
                .should().dependOnClassesThat().resideInAPackage(JDBI));
        check(noClasses().that().resideInAPackage(JDBI).should().dependOnClassesThat().resideInAnyPackage(SQLITE, POSTGRES));
        check(noClasses().that().resideInAPackage(HTTP)
                .should().dependOnClassesThat().resideInAnyPackage(STORAGE, CLI, APP));
        check(noClasses().that().resideInAPackage(CLI)
                .should().dependOnClassesThat().resideInAnyPackage(STORAGE, HTTP, APP));
    }

    /**
     * DESIGN §1: an application embedding only the queue needs nothing of the relay. Whatever the SQLite adapter
     * reaches, in its own classes and storage-jdbi's, from opening a database and from its intent store names
     * no relay type; storage-sqlite's {@code QueueWithoutTheRelayTest} runs that way without delivery-engine.
     */
    @Test
    void theQueuesWayThroughTheSqliteAdapterNamesNoRelayType() {
        Set<JavaClass> onTheQueuesWay = reachedInStorage(production.get(SqliteDatabase.class), production.get(SqliteIntentStore.class));
        assertThat(onTheQueuesWay).extracting(JavaClass::getSimpleName)
                .contains("IntentDao", "SqliteWriter", "QueueMigrations", "JdbiIntentStore", "IntentRowMapper");
        check(noClasses().that(DescribedPredicate.describe("are on the queue's way through storage-sqlite", onTheQueuesWay::contains))
                .should().dependOnClassesThat().resideInAPackage(DELIVERY));
    }

    /** {@code from} and every class of the SQLite adapter and storage-jdbi they depend on, directly or through one another. */
    private static Set<JavaClass> reachedInStorage(JavaClass... from) {
        Set<JavaClass> reached = new HashSet<>();
        Deque<JavaClass> toVisit = new ArrayDeque<>(List.of(from));
        while (!toVisit.isEmpty()) {
            JavaClass next = toVisit.pop();
            if (resideInAnyPackage(SQLITE, JDBI).test(next) && reached.add(next)) {
                next.getDirectDependenciesFromSelf().forEach(dependency -> toVisit.push(dependency.getTargetClass()));
            }
        }
        return reached;
    }

    @Test
    void guiceIsUsedOnlyInTheApp() {
        check(noClasses().that().resideOutsideOfPackage(APP)
                .should().dependOnClassesThat().resideInAnyPackage("com.google.inject..", "jakarta.inject..", "javax.inject..")
                .because("only app wires the object graph (DESIGN §1)"));
    }

    @Test
    void theInjectorIsCreatedOnlyInMain() {
        check(noClasses().that().doNotHaveFullyQualifiedName("io.hookrelay.app.Main")
                .should().callMethod(Guice.class, "createInjector", Module[].class)
                .because("one injector per process, created in main (DESIGN §1)"));
    }

    @Test
    void eachTechnologyStaysInItsAdapter() {
        check(noClasses().that().resideOutsideOfPackage(STORAGE)
                .should().dependOnClassesThat().resideInAnyPackage("org.jdbi..", "org.sqlite..", "com.zaxxer.."));
        check(noClasses().that().resideOutsideOfPackages(HTTP, APP)
                .should().dependOnClassesThat().resideInAnyPackage("io.undertow..", "org.xnio.."));
        check(noClasses().that().resideOutsideOfPackages(CLI, APP)
                .should().dependOnClassesThat().resideInAPackage("picocli.."));
    }

    private static ArchCondition<JavaClass> holdNoSqlText() {
        return new ArchCondition<>("hold no SQL text") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                SqlText.in(javaClass).forEach(sql -> events.add(SimpleConditionEvent.violated(javaClass,
                        javaClass.getName() + " holds SQL: " + sql.lines().findFirst().orElse(""))));
            }
        };
    }

    private static ArchCondition<JavaClass> beNamedTechnologyPlusEachPortTheyImplement() {
        return new ArchCondition<>("be named <technology><Port> for each port they implement") {
            @Override
            public void check(JavaClass adapter, ConditionEvents events) {
                adapter.getAllRawInterfaces().stream()
                        .filter(port -> isIn(port, "io.hookrelay.queue") || isIn(port, "io.hookrelay.delivery"))
                        .filter(port -> !isPartOfAnotherPort(adapter, port))
                        .filter(port -> !adapter.getSimpleName().endsWith(port.getSimpleName())
                                || adapter.getSimpleName().equals(port.getSimpleName()))
                        .forEach(port -> events.add(SimpleConditionEvent.violated(adapter,
                                adapter.getName() + " implements " + port.getSimpleName() + " but is not named <technology>" + port.getSimpleName())));
            }
        };
    }

    /** A port another one extends ({@code IntentStore} is also {@code IntentWrites}): the adapter is named for that one. */
    private static boolean isPartOfAnotherPort(JavaClass adapter, JavaClass port) {
        return adapter.getAllRawInterfaces().stream().anyMatch(other -> !other.equals(port) && other.isAssignableTo(port.getName()));
    }

    /** In the package or one of its sub-packages ({@code delivery.retention}'s ports are ports too). */
    private static boolean isIn(JavaClass port, String packageName) {
        return port.getPackageName().equals(packageName) || port.getPackageName().startsWith(packageName + ".");
    }

    private static void check(ArchRule rule) {
        rule.allowEmptyShould(false).check(production);
    }

    /**
     * The adapters call the relay's domain through its in-ports ({@code io.hookrelay.delivery.usecase}) and use its values
     * and refusals, but never a class that implements an in-port ({@code *Admin}, {@code IngestService},
     * {@code OperatorEvents}) nor a store port: which use case does the work, and on which stores, is the app's wiring.
     */
    @Test
    void adaptersReachTheDomainOnlyThroughItsInPorts() {
        DescribedPredicate<JavaClass> useCases = JavaClass.Predicates.implement(resideInAPackage("io.hookrelay.delivery.usecase.."))
                .as("implement an in-port");
        DescribedPredicate<JavaClass> stores = resideInAnyPackage(QUEUE, DELIVERY).and(JavaClass.Predicates.INTERFACES)
                .and(JavaClass.Predicates.simpleNameEndingWith("Store")).as("are store ports");
        check(noClasses().that().resideInAnyPackage(HTTP, CLI)
                .should().dependOnClassesThat(useCases)
                .orShould().dependOnClassesThat(stores));
    }

    /** A package a reader can take in at once; past about thirty classes, its parts want packages of their own. */
    @Test
    void noPackageHoldsMoreThanAboutThirtyClasses() {
        Map<String, Long> sizes = production.stream().filter(JavaClass::isTopLevelClass)
                .collect(Collectors.groupingBy(JavaClass::getPackageName, Collectors.counting()));

        assertThat(sizes).isNotEmpty().allSatisfy((name, size) -> assertThat(size).as(name).isLessThanOrEqualTo(32));
    }

    @Test
    void theDomainsPackagesDependOnEachOtherOneWayOnly() {
        check(slices().matching("io.hookrelay.delivery.(*)..").should().beFreeOfCycles());
        check(slices().matching("io.hookrelay.queue.(*)..").should().beFreeOfCycles());
        check(noClasses().that().resideInAPackage("io.hookrelay.queue")
                .should().dependOnClassesThat().resideInAPackage("io.hookrelay.queue.pool.."));
    }
}
