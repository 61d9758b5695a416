package io.hookrelay.delivery.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TargetTest {
    private static final String SECRET = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);

    private static Target target(String url, Duration timeout, List<Duration> schedule, int maxInFlight) {
        return new Target("ledger", URI.create(url), SECRET, timeout, schedule, maxInFlight);
    }

    private static Target withUrl(String url) {
        return target(url, Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://localhost:9000/hook", "https://example.com/webhooks?team=7", "HTTPS://EXAMPLE.COM",
            "http://127.0.0.1/", "http://localhost:1/", "https://example.com:65535/", "http://[::1]:8080/"})
    void acceptsHttpAndHttpsUrls(String url) {
        assertThatCode(() -> withUrl(url)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://example.com/", "file:///etc/passwd", "example.com/hook", "/hook", "mailto:ops@example.com",
            "https://user:pw@example.com/", "https://user@example.com/", "https://example.com/#frag", "http:///nohost",
            "http://:8080/", "http://example.com:0/", "http://example.com:65536/", "http://example.com:99999/",
            "http://example.com:-1/", "http://example.com:abc/", "http://under_score.example/"})
    void refusesUrlsThatAreNotPlainHttp(String url) {
        assertThatThrownBy(() -> withUrl(url)).isInstanceOf(InvalidRequestException.class).hasMessageStartingWith("url");
    }

    /** The JDK's parser throws {@link NumberFormatException} for these, not {@link java.net.URISyntaxException}. */
    @ParameterizedTest
    @ValueSource(strings = {"http://[::1.2.3.0777777777777]/", "http://[5:08:01::08:00.0700000000000000000.010.0]/"})
    void refusesIpv6LiteralsTheJdkCannotReadAsNotAUrl(String url) {
        assertThatThrownBy(() -> Target.parseUrl(url)).isInstanceOf(InvalidRequestException.class).hasMessage("url is not a valid URL");
    }

    @Test
    void refusesOverlongUrls() {
        assertThatThrownBy(() -> withUrl("https://example.com/" + "a".repeat(2048))).isInstanceOf(InvalidRequestException.class);
    }

    static Stream<Arguments> settings() {
        List<Duration> fifty = Collections.nCopies(50, Duration.ofSeconds(1));
        List<Duration> fiftyOne = Collections.nCopies(51, Duration.ofSeconds(1));
        return Stream.of(
                Arguments.of(Duration.ofMillis(100), List.of(), 1, true),
                Arguments.of(Duration.ofMinutes(5), fifty, 1000, true),
                Arguments.of(Duration.ZERO, List.of(), 1, false),
                Arguments.of(Duration.ofMillis(99), List.of(), 1, false),
                Arguments.of(Duration.ofMinutes(5).plusMillis(1), List.of(), 1, false),
                Arguments.of(Duration.ofSeconds(-1), List.of(), 1, false),
                Arguments.of(Target.DEFAULT_TIMEOUT, List.of(Duration.ZERO, Duration.ofDays(7)), 1, true),
                Arguments.of(Target.DEFAULT_TIMEOUT, List.of(Duration.ofSeconds(-1)), 1, false),
                Arguments.of(Target.DEFAULT_TIMEOUT, List.of(Duration.ofDays(7).plusSeconds(1)), 1, false),
                Arguments.of(Target.DEFAULT_TIMEOUT, fiftyOne, 1, false),
                Arguments.of(Target.DEFAULT_TIMEOUT, List.of(), 0, false),
                Arguments.of(Target.DEFAULT_TIMEOUT, List.of(), 1001, false));
    }

    @ParameterizedTest
    @MethodSource("settings")
    void boundsTimeoutScheduleAndMaxInFlight(Duration timeout, List<Duration> schedule, int maxInFlight, boolean valid) {
        if (valid) {
            assertThatCode(() -> target("https://example.com", timeout, schedule, maxInFlight)).doesNotThrowAnyException();
        } else {
            assertThatThrownBy(() -> target("https://example.com", timeout, schedule, maxInFlight))
                    .isInstanceOf(InvalidRequestException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "s3cret", "whsec_", "whsec_%%%"})
    void refusesSecretsThatAreNotWhsec(String secret) {
        assertThatThrownBy(() -> new Target("ledger", URI.create("https://example.com"), secret, Target.DEFAULT_TIMEOUT,
                Target.DEFAULT_RETRY_SCHEDULE, 1)).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void aDraftKeepsItsOwnSecretOrTakesTheGeneratedOne() {
        String other = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
        TargetDraft withSecret = draft(Optional.of(SECRET), Optional.empty());
        TargetDraft without = draft(Optional.empty(), Optional.empty());

        assertThat(withSecret.created(other).secret()).isEqualTo(SECRET);
        assertThat(without.created(other).secret()).isEqualTo(other);
        assertThat(withSecret.toString()).doesNotContain(SECRET.substring(6));
    }

    private static TargetDraft draft(Optional<String> secret, Optional<SignatureScheme> signature) {
        return new TargetDraft("ledger", URI.create("https://example.com"), secret, Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, 1,
                Optional.empty(), signature);
    }

    private static Target target(String secret) {
        return new Target("ledger", URI.create("https://example.com"), secret, Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, 1);
    }

    /** Its secret's prefix is its scheme; a secret of the other scheme, or a v1a key that is no 32-byte seed, is refused. */
    @Test
    void signsWithTheSchemeOfItsSecret() {
        String key = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);

        assertThat(target(SECRET).signature()).isEqualTo(SignatureScheme.V1);
        assertThat(target(key).signature()).isEqualTo(SignatureScheme.V1A);
        assertThatThrownBy(() -> target("whsk_" + Base64.getEncoder().encodeToString(new byte[31])))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("ed25519");
        assertThatThrownBy(() -> draft(Optional.of(SECRET), Optional.of(SignatureScheme.V1A)))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("whsk_");
    }

    @Test
    void aRotatedTargetSignsWithBothSecretsUntilTheGraceEnds() {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        String next = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);

        Target rotated = target(SECRET).rotatedTo(next, now.plusSeconds(60), now);

        assertThat(rotated.secret()).isEqualTo(next);
        assertThat(rotated.signingSecrets(now)).containsExactly(next, SECRET);
        assertThat(rotated.signingSecrets(now.plusSeconds(59))).containsExactly(next, SECRET);
        assertThat(rotated.signingSecrets(now.plusSeconds(60))).containsExactly(next);
        assertThat(target(SECRET).rotatedTo(next, now, now).previousSecret()).as("no grace").isEmpty();
        assertThat(rotated.toString()).doesNotContain(SECRET.substring(6)).doesNotContain(next.substring(5));
    }

    /** Once its grace is over the previous secret is dropped, not carried along in every later write and backup. */
    @Test
    void aPreviousSecretIsDroppedOnceItsGraceIsOver() {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        Target rotated = target(SECRET).rotatedTo(WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1), now.plusSeconds(60), now);

        assertThat(rotated.current(now.plusSeconds(59))).isSameAs(rotated);
        assertThat(rotated.current(now.plusSeconds(60)).previousSecret()).isEmpty();
        assertThat(rotated.current(now.plusSeconds(60)).secret()).isEqualTo(rotated.secret());
    }

    /** A replace without a secret keeps the grace; one with a secret replaces it now; another scheme needs a secret. */
    @Test
    void aReplaceKeepsTheRotationUnlessItGivesASecret() {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        String next = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
        Target rotated = target(SECRET).rotatedTo(next, now.plusSeconds(60), now);

        assertThat(draft(Optional.empty(), Optional.empty()).replacing(rotated).previousSecret()).isEqualTo(rotated.previousSecret());
        assertThat(draft(Optional.of(SECRET), Optional.empty()).replacing(rotated).previousSecret()).isEmpty();
        assertThat(draft(Optional.empty(), Optional.of(SignatureScheme.V1)).replacing(rotated).secret()).isEqualTo(next);
        assertThatThrownBy(() -> draft(Optional.empty(), Optional.of(SignatureScheme.V1A)).replacing(rotated))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("rotate");
    }

    @Test
    void neverShowsItsSecret() {
        assertThat(withUrl("https://example.com").toString()).doesNotContain(SECRET.substring(6));
    }
}
