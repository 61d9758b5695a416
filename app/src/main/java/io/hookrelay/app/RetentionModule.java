package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.app.metrics.MicrometerRetentionMetrics;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.retention.RetentionMetrics;
import io.hookrelay.delivery.retention.RetentionPolicy;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.TenantPurger;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;

/**
 * Retention: what {@code --retain-completed} and {@code --retain-failed} ask for, swept on a schedule, and the purge
 * of what deleted tenants left, on the same thread.
 */
final class RetentionModule extends AbstractModule {

    @Provides
    @Singleton
    RetentionPolicy retentionPolicy(ServeOptions options) {
        return new RetentionPolicy(options.retainCompleted(), options.retainFailed());
    }

    @Provides
    @Singleton
    RetentionMetrics retentionMetrics(PrometheusMeterRegistry registry) {
        return new MicrometerRetentionMetrics(registry);
    }

    @Provides
    @Singleton
    RetentionSweeper retentionSweeper(RetentionStore store, RetentionPolicy policy, RetentionMetrics metrics, Clock clock) {
        return new RetentionSweeper(store, policy, metrics, clock);
    }

    /** Built with the server, so its meters are there before the first scrape; {@link HookrelayServer} starts it. */
    @Provides
    @Singleton
    RetentionSchedule retentionSchedule(RetentionSweeper sweeper, RetentionPolicy policy, TenantPurgeStore purge,
                                        PrometheusMeterRegistry registry) {
        return new RetentionSchedule(sweeper, policy.sweepEvery(), new TenantPurger(purge), registry);
    }
}
