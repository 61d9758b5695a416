package io.hookrelay.delivery.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.delivery.testing.InMemoryTenantUsageStore;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A tenant's usage as its operator reads it: every day of the range, zeros where nothing was counted. */
class UsageReportTest {
    private static final Instant NOW = Instant.parse("2026-03-10T23:30:00Z");
    private static final LocalDate TODAY = LocalDate.parse("2026-03-10");

    private final InMemoryTenantUsageStore store = new InMemoryTenantUsageStore();
    private final UsageReport report = new UsageReport(store,
            id -> id.equals("acme") ? Optional.of(Tenant.created("acme", "Acme", TenantQuotas.NONE, NOW)) : Optional.empty(),
            Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void everyDayOfTheRangeIsThereOldestFirstWithZerosWhereNothingWasCounted() {
        store.add(List.of(new TenantUsage("acme", TODAY.minusDays(2), 5, 7, 4, 1), new TenantUsage("acme", TODAY, 1, 1, 1, 0),
                new TenantUsage("acme", TODAY.minusDays(3), 9, 9, 9, 0)));

        assertThat(report.daily("acme", Optional.of(TODAY.minusDays(2)), Optional.of(TODAY))).containsExactly(
                new TenantUsage("acme", TODAY.minusDays(2), 5, 7, 4, 1), TenantUsage.none("acme", TODAY.minusDays(1)),
                new TenantUsage("acme", TODAY, 1, 1, 1, 0));
    }

    @Test
    void withoutARangeItIsTheLastThirtyDaysUpToTodayInUtc() {
        List<TenantUsage> days = report.daily("acme", Optional.empty(), Optional.empty());

        assertThat(days).hasSize(30);
        assertThat(days.get(0).date()).isEqualTo(TODAY.minusDays(29));
        assertThat(days.get(29).date()).isEqualTo(TODAY);
        assertThat(report.daily("acme", Optional.of(TODAY.minusDays(1)), Optional.empty())).extracting(TenantUsage::date)
                .containsExactly(TODAY.minusDays(1), TODAY);
    }

    @Test
    void aRangeBackwardsOrLongerThanAYearIsRefused() {
        assertThatThrownBy(() -> report.daily("acme", Optional.of(TODAY), Optional.of(TODAY.minusDays(1))))
                .isInstanceOf(InvalidRequestException.class).hasMessage("from must not be after to");
        assertThatThrownBy(() -> report.daily("acme", Optional.of(TODAY.minusDays(366)), Optional.of(TODAY)))
                .isInstanceOf(InvalidRequestException.class).hasMessage("from and to may span at most 366 days");
        assertThat(report.daily("acme", Optional.of(TODAY.minusDays(365)), Optional.of(TODAY))).hasSize(366);
    }

    @Test
    void aTenantThatDoesNotExistIsNotFound() {
        assertThatThrownBy(() -> report.daily("ghost", Optional.empty(), Optional.empty())).isInstanceOf(NotFoundException.class);
    }
}
