package io.hookrelay.app.metrics;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.model.EventTypeDrop;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.query.OperatorEventType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The relay's metrics in Micrometer: {@code relay_ingest_total{outcome}},
 * {@code relay_ingest_event_type_dropped_total{reason}}, {@code relay_delivery_attempts_total{outcome}} and
 * {@code relay_delivery_lag_seconds}. Every series is
 * registered up front from the outcome enums, so a dashboard sees zeros instead of missing series, and no
 * value from a request can ever become a label. What a tenant's activity charts show goes to {@link TenantActivity}
 * as well, under its tenant: a tenant label would grow a series per tenant and put tenants' data in the metrics.
 */
public final class MicrometerRelayMetrics implements RelayMetrics {
    private final Map<IngestOutcome, Counter> ingested = new EnumMap<>(IngestOutcome.class);
    private final Map<EventTypeDrop, Counter> eventTypesDropped = new EnumMap<>(EventTypeDrop.class);
    private final Map<DeliveryAttemptOutcome, Counter> attempts = new EnumMap<>(DeliveryAttemptOutcome.class);
    private final Timer lag;
    private final Counter rateLimited;
    private final Map<OperatorEventType, Counter> operatorEvents = new EnumMap<>(OperatorEventType.class);
    private final TenantActivity activity;

    public MicrometerRelayMetrics(MeterRegistry registry, TenantActivity activity) {
        Objects.requireNonNull(registry, "registry");
        this.activity = Objects.requireNonNull(activity, "activity");
        for (IngestOutcome outcome : IngestOutcome.values()) {
            ingested.put(outcome, Counter.builder("relay.ingest")
                    .description("Inbound webhooks, by how they were answered")
                    .tag("outcome", outcome.label())
                    .register(registry));
        }
        for (EventTypeDrop reason : EventTypeDrop.values()) {
            eventTypesDropped.put(reason, Counter.builder("relay.ingest.event_type_dropped")
                    .description("Accepted webhooks stored without an event type, because their source's extraction found none it could use")
                    .tag("reason", reason.label())
                    .register(registry));
        }
        for (DeliveryAttemptOutcome outcome : DeliveryAttemptOutcome.values()) {
            attempts.put(outcome, Counter.builder("relay.delivery.attempts")
                    .description("Delivery attempts, by how the receiver answered")
                    .tag("outcome", outcome.label())
                    .register(registry));
        }
        lag = Timer.builder("relay.delivery.lag")
                .description("From an event's arrival to its successful delivery")
                .publishPercentileHistogram()
                .register(registry);
        rateLimited = Counter.builder("relay.delivery.rate_limited")
                .description("Deliveries that found their target's rate limit used up and wait for it, no attempt counted")
                .register(registry);
        for (OperatorEventType type : OperatorEventType.values()) {
            operatorEvents.put(type, Counter.builder("relay.operator_events")
                    .description("Operator events stored: targets paused or recovered, deliveries failed for good")
                    .tag("type", type.wire())
                    .register(registry));
        }
    }

    @Override
    public void ingested(IngestOutcome outcome) {
        ingested.get(outcome).increment();
    }

    @Override
    public void ingested(TenantId tenant, IngestOutcome outcome) {
        ingested(outcome);
        if (outcome == IngestOutcome.ACCEPTED) {
            activity.accepted(tenant);
        }
    }

    @Override
    public void eventTypeDropped(EventTypeDrop reason) {
        eventTypesDropped.get(reason).increment();
    }

    @Override
    public void deliveryAttempted(TenantId tenant, DeliveryAttemptOutcome outcome) {
        attempts.get(outcome).increment();
        if (outcome != DeliveryAttemptOutcome.SUCCESS) {
            activity.attemptFailed(tenant);
        }
    }

    /** Counts the tenant's delivery too: its charts take deliveries and their lag from here alike. */
    @Override
    public void delivered(TenantId tenant, Duration sinceReceived) {
        lag.record(sinceReceived);
        activity.delivered(tenant, sinceReceived);
    }

    @Override
    public void rateLimited() {
        rateLimited.increment();
    }

    @Override
    public void operatorEvent(OperatorEventType type) {
        operatorEvents.get(type).increment();
    }
}
