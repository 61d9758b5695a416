package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.delivery.usecase.ReportTenantUsage;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Tenants' usage as their operator reads it: the days the store kept, with the days it kept nothing for filled in with
 * zeros. What a node counted in its last second may not be in it yet ({@link io.hookrelay.delivery.usage.UsageMeter}).
 */
public final class UsageReport implements ReportTenantUsage {
    private final TenantUsageStore usage;
    private final Function<String, Optional<Tenant>> tenants;
    private final Clock clock;

    /** @param tenants where a tenant is looked up, such as the tenant store */
    public UsageReport(TenantUsageStore usage, Function<String, Optional<Tenant>> tenants, Clock clock) {
        this.usage = Objects.requireNonNull(usage, "usage");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public List<TenantUsage> daily(String tenantId, Optional<LocalDate> from, Optional<LocalDate> to) {
        LocalDate last = to.orElseGet(() -> LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        LocalDate first = from.orElseGet(() -> last.minusDays(DEFAULT_RANGE_DAYS - 1));
        if (first.isAfter(last)) {
            throw new InvalidRequestException("from must not be after to");
        }
        if (ChronoUnit.DAYS.between(first, last) >= LONGEST_RANGE_DAYS) {
            throw new InvalidRequestException("from and to may span at most " + LONGEST_RANGE_DAYS + " days");
        }
        if (tenants.apply(tenantId).isEmpty()) {
            throw new NotFoundException("no tenant " + tenantId);
        }
        Map<LocalDate, TenantUsage> kept = usage.daily(tenantId, first, last).stream()
                .collect(Collectors.toMap(TenantUsage::date, Function.identity()));
        return first.datesUntil(last.plusDays(1)).map(day -> kept.getOrDefault(day, TenantUsage.none(tenantId, day))).toList();
    }
}
