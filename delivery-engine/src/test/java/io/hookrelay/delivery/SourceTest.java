package io.hookrelay.delivery;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class SourceTest {

    private static Source source(String id, Optional<String> idempotencyHeader, int maxBodyBytes) {
        return new Source(id, Verification.none(), idempotencyHeader, new EventTypeSource.None(), maxBodyBytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "0", "github", "stripe-live", "app_2", "9-_",
            "0123456789012345678901234567890123456789012345678901234567890123"})
    void acceptsResourceIds(String id) {
        assertThatCode(() -> source(id, Optional.empty(), Source.DEFAULT_MAX_BODY_BYTES)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "GitHub", "-github", "_github", "git hub", "git/hub", "git.hub", "gïthub", "github\n",
            "0123456789012345678901234567890123456789012345678901234567890123x"})
    void refusesMalformedIds(String id) {
        assertThatThrownBy(() -> source(id, Optional.empty(), Source.DEFAULT_MAX_BODY_BYTES))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("source id");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Idempotency-Key", "X-GitHub-Delivery", "x-request-id"})
    void acceptsHeaderNamesForIdempotency(String header) {
        assertThatCode(() -> source("s", Optional.of(header), 1)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "X Key", "X-Key:", "X_Key", "X-Key\n"})
    void refusesNonHeaderNamesForIdempotency(String header) {
        assertThatThrownBy(() -> source("s", Optional.of(header), 1)).isInstanceOf(InvalidRequestException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, Source.DEFAULT_MAX_BODY_BYTES, Source.LARGEST_MAX_BODY_BYTES})
    void acceptsBodyLimitsUpTo10MiB(int maxBodyBytes) {
        assertThatCode(() -> source("s", Optional.empty(), maxBodyBytes)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, Source.LARGEST_MAX_BODY_BYTES + 1})
    void refusesAbsurdBodyLimits(int maxBodyBytes) {
        assertThatThrownBy(() -> source("s", Optional.empty(), maxBodyBytes))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("max_body_bytes");
    }
}
