package io.hookrelay.delivery.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.tenant.TenantUsage;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link TenantStore}, {@link TenantKeyStore}, {@link TenantUsageStore} and {@link AuditStore} that every
 * adapter keeps.
 */
public abstract class TenantStoresContract {
    private static final Instant CREATED = Instant.parse("2026-12-07T10:15:30.123Z");
    private static final TenantQuotas EVERY_QUOTA = new TenantQuotas(OptionalInt.of(50), OptionalInt.of(8), OptionalInt.of(3),
            OptionalInt.of(1_000_000));

    private static final LocalDate DAY = LocalDate.parse("2026-12-07");

    private static final String HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    private TenantStores stores;
    private TenantStore tenants;
    private TenantKeyStore keys;
    private TenantUsageStore usage;
    private AuditStore audit;

    /** The adapter's tenant stores on a new database. */
    protected abstract TenantStores openStores() throws Exception;

    @BeforeEach
    final void openStoresUnderTest() throws Exception {
        stores = openStores();
        tenants = stores.tenants();
        keys = stores.keys();
        usage = stores.usage();
        audit = stores.audit();
    }

    @AfterEach
    final void closeStoresUnderTest() {
        stores.close();
    }

    @Test
    void aNewDatabaseHasTheDefaultTenantAlone() {
        assertThat(tenants.listAfter("", 10)).singleElement().satisfies(tenant -> {
            assertThat(tenant.id()).isEqualTo(Tenant.DEFAULT);
            assertThat(tenant.quotas()).isEqualTo(TenantQuotas.NONE);
            assertThat(tenant.suspended()).isFalse();
        });
    }

    @Test
    void aCreatedTenantReadsBackExactly() {
        Tenant acme = Tenant.created("acme", "Acme Corp — payments", EVERY_QUOTA, CREATED);

        assertThat(tenants.create(acme)).isTrue();

        assertThat(tenants.find("acme")).contains(acme);
    }

    @Test
    void creatingAnExistingIdIsRefusedAndKeepsTheFirst() {
        Tenant first = Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED);
        tenants.create(first);

        assertThat(tenants.create(Tenant.created("acme", "Other", EVERY_QUOTA, CREATED.plusSeconds(1)))).isFalse();

        assertThat(tenants.find("acme")).contains(first);
    }

    @Test
    void updateReplacesNameAndQuotasAndKeepsWhenItWasCreated() {
        Tenant acme = Tenant.created("acme", "Acme", EVERY_QUOTA, CREATED);
        tenants.create(acme);

        assertThat(tenants.update(new Tenant("acme", "Acme Inc", TenantQuotas.NONE, false, CREATED.plusSeconds(60)))).isTrue();

        assertThat(tenants.find("acme")).contains(acme.renamed("Acme Inc", TenantQuotas.NONE));
    }

    @Test
    void aMissingTenantIsNotUpdatedSuspendedOrDeleted() {
        assertThat(tenants.update(Tenant.created("ghost", "Ghost", TenantQuotas.NONE, CREATED))).isFalse();
        assertThat(tenants.setSuspended("ghost", true)).isFalse();
        assertThat(tenants.delete("ghost")).isFalse();
        assertThat(tenants.find("ghost")).isEmpty();
    }

    @Test
    void suspendingAndResumingIsKept() {
        tenants.create(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED));

        assertThat(tenants.setSuspended("acme", true)).isTrue();
        assertThat(tenants.find("acme").orElseThrow().suspended()).isTrue();

        assertThat(tenants.setSuspended("acme", false)).isTrue();
        assertThat(tenants.find("acme").orElseThrow().suspended()).isFalse();
    }

    @Test
    void aDeletedTenantIsGoneAndItsIdFreeAgain() {
        tenants.create(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED));

        assertThat(tenants.delete("acme")).isTrue();

        assertThat(tenants.find("acme")).isEmpty();
        assertThat(tenants.create(Tenant.created("acme", "Acme again", TenantQuotas.NONE, CREATED))).isTrue();
    }

    @Test
    void theDefaultTenantIsNeverDeleted() {
        assertThatThrownBy(() -> tenants.delete(Tenant.DEFAULT)).isInstanceOf(IllegalArgumentException.class);

        assertThat(tenants.find(Tenant.DEFAULT)).isPresent();
    }

    @Test
    void listingPagesByIdAfterTheGivenOne() {
        for (String id : new String[] {"zeta", "acme", "beta", "a-1"}) {
            tenants.create(Tenant.created(id, id, TenantQuotas.NONE, CREATED));
        }

        assertThat(tenants.listAfter("", 3)).extracting(Tenant::id).containsExactly("a-1", "acme", "beta");
        assertThat(tenants.listAfter("beta", 3)).extracting(Tenant::id).containsExactly(Tenant.DEFAULT, "zeta");
        assertThat(tenants.listAfter("zeta", 3)).isEmpty();
    }

    @Test
    void aKeyReadsBackAsIssuedWithoutItsHash() {
        TenantKey key = key("key_01JF0000000000000000000001", Tenant.DEFAULT, Optional.of(CREATED.plusSeconds(86_400)));

        assertThat(keys.create(key, HASH)).isTrue();

        assertThat(keys.list(Tenant.DEFAULT)).containsExactly(key);
    }

    @Test
    void aKeyIsFoundByItsTokensHashAndNoOtherAndNotOnceRevoked() {
        TenantKey key = key("key_01JF0000000000000000000001", Tenant.DEFAULT, Optional.empty());
        keys.create(key, HASH);

        assertThat(keys.findByTokenHash(HASH)).contains(new TenantKeyStore.Stored(key, HASH));
        assertThat(keys.findByTokenHash(HASH.replace('9', '1'))).isEmpty();
        keys.delete(Tenant.DEFAULT, key.id());
        assertThat(keys.findByTokenHash(HASH)).isEmpty();
    }

    @Test
    void aKeysLastUseOnlyMovesForwardAndAKeyGoneMeanwhileIsSkipped() {
        TenantKey key = key("key_01JF0000000000000000000001", Tenant.DEFAULT, Optional.empty());
        keys.create(key, HASH);
        Instant later = CREATED.plusSeconds(60);

        keys.recordUse(Map.of(key.id(), later, "key_01JF0000000000000000000009", later));
        keys.recordUse(Map.of(key.id(), CREATED.plusSeconds(30)));

        assertThat(keys.list(Tenant.DEFAULT)).extracting(TenantKey::lastUsedAt).containsExactly(Optional.of(later));
    }

    @Test
    void aKeyOfATenantThatDoesNotExistIsRefused() {
        assertThat(keys.create(key("key_01JF0000000000000000000001", "ghost", Optional.empty()), HASH)).isFalse();

        assertThat(keys.list("ghost")).isEmpty();
    }

    @Test
    void keysAreListedPerTenantAndRevokedOnlyInTheirOwn() {
        tenants.create(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED));
        TenantKey first = key("key_01JF0000000000000000000001", "acme", Optional.empty());
        TenantKey second = key("key_01JF0000000000000000000002", "acme", Optional.empty());
        TenantKey other = key("key_01JF0000000000000000000003", Tenant.DEFAULT, Optional.empty());
        keys.create(second, HASH.replace('9', '1'));
        keys.create(first, HASH);
        keys.create(other, HASH.replace('9', '2'));

        assertThat(keys.list("acme")).containsExactly(first, second);
        assertThat(keys.delete(Tenant.DEFAULT, first.id())).isFalse();
        assertThat(keys.delete("acme", first.id())).isTrue();
        assertThat(keys.delete("acme", first.id())).isFalse();
        assertThat(keys.list("acme")).containsExactly(second);
        assertThat(keys.list(Tenant.DEFAULT)).containsExactly(other);
    }

    @Test
    void aTenantsDeletionTakesItsKeysAlong() {
        tenants.create(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED));
        keys.create(key("key_01JF0000000000000000000001", "acme", Optional.empty()), HASH);

        tenants.delete("acme");
        tenants.create(Tenant.created("acme", "Acme again", TenantQuotas.NONE, CREATED));

        assertThat(keys.list("acme")).isEmpty();
    }

    private static TenantKey key(String id, String tenantId, Optional<Instant> expiresAt) {
        return new TenantKey(id, tenantId, "deploys", KeyScope.READ, CREATED, expiresAt, Optional.empty());
    }

    @Test
    void usageAddsUpByTenantAndDayAndIsReadOneTenantsDaysInTheRangeOldestFirst() {
        tenants.create(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED));
        usage.add(List.of(new TenantUsage("acme", DAY, 1, 2, 3, 4), new TenantUsage("acme", DAY.minusDays(1), 5_000_000_000L, 0, 0, 0),
                new TenantUsage(Tenant.DEFAULT, DAY, 9, 9, 9, 9), new TenantUsage("acme", DAY.plusDays(1), 1, 1, 1, 1)));

        usage.add(List.of(new TenantUsage("acme", DAY, 10, 20, 30, 40)));

        assertThat(usage.daily("acme", DAY.minusDays(1), DAY)).containsExactly(
                new TenantUsage("acme", DAY.minusDays(1), 5_000_000_000L, 0, 0, 0), new TenantUsage("acme", DAY, 11, 22, 33, 44));
        assertThat(usage.daily(Tenant.DEFAULT, DAY.minusDays(30), DAY.plusDays(30)))
                .containsExactly(new TenantUsage(Tenant.DEFAULT, DAY, 9, 9, 9, 9));
        assertThat(usage.daily("ghost", DAY, DAY)).isEmpty();
    }

    @Test
    void usageOfATenantThatDoesNotExistIsDroppedAndTheRestOfItsBatchKept() {
        usage.add(List.of(new TenantUsage("ghost", DAY, 1, 1, 1, 1), new TenantUsage(Tenant.DEFAULT, DAY, 1, 0, 0, 0)));

        assertThat(usage.daily("ghost", DAY, DAY)).isEmpty();
        assertThat(usage.daily(Tenant.DEFAULT, DAY, DAY)).containsExactly(new TenantUsage(Tenant.DEFAULT, DAY, 1, 0, 0, 0));
    }

    /** As several nodes add their seconds' counts to the same rows. */
    @Test
    void usageAddedAtOnceByManyWritersAddsUp() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                done.add(writers.submit(() -> usage.add(List.of(new TenantUsage(Tenant.DEFAULT, DAY, 1, 2, 1, 0)))));
            }
            for (Future<?> each : done) {
                each.get();
            }
        } finally {
            writers.shutdown();
        }

        assertThat(usage.daily(Tenant.DEFAULT, DAY, DAY)).containsExactly(new TenantUsage(Tenant.DEFAULT, DAY, 40, 80, 40, 0));
    }

    @Test
    void aTenantsDeletionTakesItsUsageAlong() {
        tenants.create(Tenant.created("acme", "Acme", TenantQuotas.NONE, CREATED));
        usage.add(List.of(new TenantUsage("acme", DAY, 1, 1, 1, 1)));

        tenants.delete("acme");
        tenants.create(Tenant.created("acme", "Acme again", TenantQuotas.NONE, CREATED));

        assertThat(usage.daily("acme", DAY, DAY)).isEmpty();
    }

    @Test
    void theAuditLogListsNewestFirstAPageAtATimeOfEveryTenantOrOne() {
        List<AuditEntry> entries = List.of(entry(1, "acme", "source.create"), entry(2, Tenant.DEFAULT, "settings.update"),
                entry(3, "acme", "target.pause"), entry(4, "beta", "key.create"));
        entries.forEach(audit::append);

        assertThat(audit.newestFirst(Optional.empty(), PageRequest.first(10))).containsExactly(entries.get(3), entries.get(2),
                entries.get(1), entries.get(0));
        assertThat(audit.newestFirst(Optional.of("acme"), PageRequest.first(10))).containsExactly(entries.get(2), entries.get(0));
        assertThat(audit.newestFirst(Optional.empty(), new PageRequest(1, Optional.of(entries.get(2).id()))))
                .as("the page below an id, one more than asked for").containsExactly(entries.get(1), entries.get(0));
        assertThat(audit.newestFirst(Optional.of("ghost"), PageRequest.first(10))).isEmpty();
    }

    private static AuditEntry entry(int n, String tenantId, String action) {
        Optional<String> resource = action.startsWith("settings") ? Optional.empty() : Optional.of("r" + n);
        return new AuditEntry("aud_01JF" + "0".repeat(21) + n, CREATED.plusSeconds(n),
                new AuditedChange(n % 2 == 0 ? "operator" : "key_01JF" + "0".repeat(21) + n, tenantId, action, action.split("\\.")[0], resource));
    }
}
