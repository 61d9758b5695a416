package io.hookrelay.storage.jdbi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.delivery.signing.SignatureEncoding;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SourceColumnsTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Instant NOW = Instant.parse("2026-12-01T10:15:30.123Z");

    private final SecretCipher secrets = SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), "the test", RANDOM);

    private static Source github() {
        return new Source("github", new Verification(VerificationScheme.HMAC_SHA256, "s3cret", null, null, SignatureEncoding.BASE64),
                Optional.of("X-GitHub-Delivery"), new EventTypeSource.Header("X-GitHub-Event"), 4096, List.of("x-forwarded-for"));
    }

    private MapRow stored(Source source) {
        return new MapRow(SourceColumns.values(source, ListForms.INSTANCE, secrets, NOW));
    }

    @Test
    void readsBackTheSourceItLaidOutWithItsSecretSealedAndItsTimeInMilliseconds() {
        Map<String, Object> values = SourceColumns.values(github(), ListForms.INSTANCE, secrets, NOW);

        assertThat(values).containsEntry("verify_scheme", "hmac-sha256").containsEntry("verify_encoding", "base64")
                .containsEntry("event_type_header", "X-GitHub-Event").containsEntry("event_type_json_pointer", null)
                .containsEntry("redact_headers", List.of("x-forwarded-for")).containsEntry("now", NOW.toEpochMilli());
        assertThat((String) values.get("verify_secret")).isNotEqualTo("s3cret").doesNotContain("s3cret");
        assertThat(SourceColumns.read(new MapRow(values), ListForms.INSTANCE, secrets)).isEqualTo(github());
    }

    @Test
    void everyColumnItReadsIsNamedAndEveryNamedColumnIsLaidOut() {
        List<String> names = Arrays.stream(SourceColumns.NAMES.split(",")).map(String::strip).toList();

        assertThat(SourceColumns.values(github(), ListForms.INSTANCE, secrets, NOW).keySet())
                .containsExactlyInAnyOrderElementsOf(Stream.concat(names.stream(), Stream.of("now")).toList());
    }

    @Test
    void aSchemeWithoutHeaderPrefixOrEncodingReadsBackWithoutTheStoredPlaceholders() {
        Source stripe = new Source("stripe", new Verification(VerificationScheme.STRIPE, "whsec_x", null, null, null),
                Optional.empty(), new EventTypeSource.JsonPointer("/type"), Source.DEFAULT_MAX_BODY_BYTES);
        Source open = new Source("open", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1);

        assertThat(SourceColumns.read(stored(stripe), ListForms.INSTANCE, secrets)).isEqualTo(stripe);
        assertThat(SourceColumns.read(stored(open), ListForms.INSTANCE, secrets)).isEqualTo(open);
    }

    @Test
    void aStoredSchemeOrEncodingThisVersionDoesNotKnowIsRefusedByWhatItIs() {
        MapRow row = stored(github());

        assertThatThrownBy(() -> SourceColumns.read(row.with("verify_scheme", "hmac-sha512"), ListForms.INSTANCE, secrets))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("unknown stored verification scheme");
        assertThatThrownBy(() -> SourceColumns.read(row.with("verify_encoding", "base32"), ListForms.INSTANCE, secrets))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("unknown stored signature encoding");
    }

    @Test
    void aSecretSealedWithAnotherKeyIsRefusedRatherThanReadBack() {
        SecretCipher otherKey = SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), "another key", RANDOM);

        assertThatThrownBy(() -> SourceColumns.read(stored(github()), ListForms.INSTANCE, otherKey))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("another key");
    }
}
