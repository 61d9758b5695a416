package io.hookrelay.delivery.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.Tenant;
import io.hookrelay.delivery.model.TenantQuotas;
import io.hookrelay.delivery.port.TenantStore;
import java.time.Instant;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link TenantStore} that every adapter keeps. */
public abstract class TenantStoreContract {
    private static final Instant CREATED = Instant.parse("2026-12-07T10:15:30.123Z");
    private static final TenantQuotas EVERY_QUOTA = new TenantQuotas(OptionalInt.of(50), OptionalInt.of(8), OptionalInt.of(3),
            OptionalInt.of(1_000_000));

    protected TenantStore tenants;

    /** The adapter's tenants on a new database. */
    protected abstract TenantStore openTenants() throws Exception;

    /** Releases what {@link #openTenants} opened. */
    protected abstract void closeTenants();

    @BeforeEach
    final void openTenantsUnderTest() throws Exception {
        tenants = openTenants();
    }

    @AfterEach
    final void closeTenantsUnderTest() {
        closeTenants();
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
}
