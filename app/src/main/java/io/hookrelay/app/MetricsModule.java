package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hookrelay.app.metrics.ActivitySampler;
import io.hookrelay.app.metrics.MicrometerQueueMetrics;
import io.hookrelay.app.metrics.StorageMetrics;
import io.hookrelay.app.metrics.TenantActivity;
import io.hookrelay.delivery.admin.DeliveryAdmin;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.QueueMetrics;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.util.Set;

/**
 * The Prometheus registry and what it exports. Meters that are not the queue's own come in as
 * {@link MeterBinder}s, so another module adds its metrics by providing one more.
 */
final class MetricsModule extends AbstractModule {

    @Provides
    @Singleton
    PrometheusMeterRegistry registry(Set<MeterBinder> binders) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        binders.forEach(binder -> binder.bindTo(registry));
        return registry;
    }

    @Provides
    @Singleton
    QueueMetrics queueMetrics(PrometheusMeterRegistry registry, IntentStore store, KindLabels kindLabels, Clock clock) {
        return new MicrometerQueueMetrics(registry, store, kindLabels, clock);
    }

    @ProvidesIntoSet
    @Singleton
    MeterBinder jvmMemory() {
        return new JvmMemoryMetrics();
    }

    /** Closed by {@link HookrelayServer}: it listens to the JVM's GC notifications until then. */
    @ProvidesIntoSet
    @Singleton
    MeterBinder jvmGc() {
        return new JvmGcMetrics();
    }

    @ProvidesIntoSet
    @Singleton
    MeterBinder jvmThreads() {
        return new JvmThreadMetrics();
    }

    @ProvidesIntoSet
    @Singleton
    MeterBinder processor() {
        return new ProcessorMetrics();
    }

    @ProvidesIntoSet
    @Singleton
    MeterBinder uptime() {
        return new UptimeMetrics();
    }

    @Provides
    @Singleton
    TenantActivity tenantActivity() {
        return new TenantActivity();
    }

    /** Started and closed by {@link HookrelayServer}: it samples on a thread of its own in between. */
    @Provides
    @Singleton
    ActivitySampler activitySampler(Clock clock, TenantActivity activity, DeliveryAdmin deliveries) {
        return new ActivitySampler(clock, activity, tenant -> deliveries.pendingByTarget(tenant).counts());
    }

    @ProvidesIntoSet
    @Singleton
    MeterBinder storage(OpenDatabase database) {
        return new StorageMetrics(database);
    }
}
