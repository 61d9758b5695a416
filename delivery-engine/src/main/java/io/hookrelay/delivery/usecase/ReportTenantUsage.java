package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.tenant.TenantUsage;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/** A tenant's usage a UTC day at a time, as its operator bills it (DESIGN §12). */
public interface ReportTenantUsage {
    /** A year, a leap one included. */
    int LONGEST_RANGE_DAYS = 366;
    /** The days a report spans when it is not told where to start. */
    int DEFAULT_RANGE_DAYS = 30;

    /**
     * Every day from {@code from} to {@code to}, both included, oldest first; a day on which nothing was counted is
     * there with zeros, so a bill or a chart has no gaps to guess at.
     *
     * @param to   today (UTC) when not given
     * @param from {@value #DEFAULT_RANGE_DAYS} days up to {@code to} when not given
     * @throws io.hookrelay.delivery.error.InvalidRequestException when {@code from} is after {@code to}, or the days
     *                                                             are more than {@value #LONGEST_RANGE_DAYS}
     * @throws io.hookrelay.delivery.error.NotFoundException       when there is no such tenant
     */
    List<TenantUsage> daily(String tenantId, Optional<LocalDate> from, Optional<LocalDate> to);
}
