package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.testing.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SignInThrottleTest {
    private final MutableClock clock = new MutableClock();
    private final SignInThrottle throttle = new SignInThrottle(clock);

    @Test
    void each_failure_in_a_row_doubles_the_wait_up_to_a_minute() {
        for (long expected : new long[] {1, 2, 4, 8, 16, 32, 60, 60}) {
            assertThat(throttle.attempt("10.0.0.1")).isEmpty();
            assertThat(throttle.attempt("10.0.0.1")).contains(Duration.ofSeconds(expected));
            clock.advance(Duration.ofSeconds(expected));
        }
    }

    @Test
    void a_sign_in_that_succeeds_ends_the_wait_and_other_addresses_never_waited() {
        throttle.attempt("10.0.0.1");
        throttle.succeeded("10.0.0.1");

        assertThat(throttle.attempt("10.0.0.1")).isEmpty();
        assertThat(throttle.attempt("10.0.0.2")).isEmpty();
    }

    @Test
    void past_the_addresses_remembered_every_new_address_shares_one_wait() {
        for (int i = 0; i < SignInThrottle.REMEMBERED; i++) {
            assertThat(throttle.attempt("address-" + i)).isEmpty();
        }

        assertThat(throttle.attempt("one-more")).isEmpty();
        assertThat(throttle.attempt("and-another")).contains(Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));
        assertThat(throttle.attempt("and-another")).as("the waits of the first have ended: forgotten").isEmpty();
    }
}
