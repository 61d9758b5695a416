package io.hookrelay.http;

import io.hookrelay.delivery.BulkRetry;
import io.hookrelay.delivery.ResourceIds;
import java.util.Optional;

/**
 * {@code POST /api/v1/deliveries/retry}: {@code state} is required, because a bulk retry can send thousands
 * of deliveries again and should say exactly which; {@code target}, {@code since} and {@code until} narrow it.
 * With {@code dry_run} nothing changes: the answer says how many would be retried.
 */
record BulkRetryRequest(String state, String target, String since, String until, Boolean dryRun) {

    BulkRetry toBulkRetry() {
        return new BulkRetry(Fields.state(Fields.required(state, "state"), "state"),
                Optional.ofNullable(target).map(id -> ResourceIds.require(id, "target")),
                Optional.ofNullable(since).map(time -> Fields.rfc3339(time, "since")),
                Optional.ofNullable(until).map(time -> Fields.rfc3339(time, "until")));
    }

    boolean isDryRun() {
        return Boolean.TRUE.equals(dryRun);
    }
}
