package io.hookrelay.delivery.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestTest {

    @ParameterizedTest
    @ValueSource(ints = {1, PageRequest.DEFAULT_LIMIT, PageRequest.LARGEST_LIMIT})
    void acceptsLimitsFrom1To500(int limit) {
        assertThat(PageRequest.first(limit).limit()).isEqualTo(limit);
    }

    @ParameterizedTest
    @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, PageRequest.LARGEST_LIMIT + 1, Integer.MAX_VALUE})
    void refusesOtherLimits(int limit) {
        assertThatThrownBy(() -> PageRequest.first(limit))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("limit");
    }
}
