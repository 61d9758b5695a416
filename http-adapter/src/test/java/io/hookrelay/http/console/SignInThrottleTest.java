package io.hookrelay.http.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.testing.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SignInThrottleTest {
    private final MutableClock clock = new MutableClock();
    private final SignInThrottle throttle = new SignInThrottle(clock);

    @Test
    void eachFailureInARowDoublesTheWaitUpToAMinute() {
        for (long expected : new long[] {1, 2, 4, 8, 16, 32, 60, 60}) {
            assertThat(throttle.attempt("10.0.0.1")).isEmpty();
            assertThat(throttle.attempt("10.0.0.1")).contains(Duration.ofSeconds(expected));
            clock.advance(Duration.ofSeconds(expected));
        }
    }

    @Test
    void aSignInThatSucceedsEndsTheWaitAndOtherAddressesNeverWaited() {
        throttle.attempt("10.0.0.1");
        throttle.succeeded("10.0.0.1");

        assertThat(throttle.attempt("10.0.0.1")).isEmpty();
        assertThat(throttle.attempt("10.0.0.2")).isEmpty();
    }

    @Test
    void pastTheAddressesRememberedEveryNewAddressSharesOneWait() {
        for (int i = 0; i < SignInThrottle.REMEMBERED; i++) {
            assertThat(throttle.attempt("address-" + i)).isEmpty();
        }

        assertThat(throttle.attempt("one-more")).isEmpty();
        assertThat(throttle.attempt("and-another")).contains(Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));
        assertThat(throttle.attempt("and-another")).as("the waits of the first have ended: forgotten").isEmpty();
    }
}
