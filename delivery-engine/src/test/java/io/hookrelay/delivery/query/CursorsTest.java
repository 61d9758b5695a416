package io.hookrelay.delivery.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Ulids;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CursorsTest {
    private static final Ulids ULIDS = new Ulids(Clock.systemUTC());

    @ParameterizedTest
    @ValueSource(strings = {Ulids.EVENT, Ulids.DELIVERY, Ulids.ROUTE})
    void decodesWhatItEncoded(String prefix) {
        String id = ULIDS.next(prefix);

        String cursor = Cursors.encode(id);

        assertThat(cursor).doesNotContain(id).matches("[A-Za-z0-9_-]+");
        assertThat(Cursors.decode(cursor, prefix)).isEqualTo(id);
    }

    private static String base64url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "!!!", "evt_01HZZZZZZZZZZZZZZZZZZZZZZZ", "a b"})
    void refusesWhatIsNotBase64OfAnId(String cursor) {
        assertThatThrownBy(() -> Cursors.decode(cursor, Ulids.EVENT))
                .isInstanceOfSatisfying(InvalidRequestException.class, refusal -> assertThat(refusal.code()).isEqualTo("invalid_cursor"));
    }

    @Test
    void refusesAnIdOfAnotherKindOrAMalformedOne() {
        String delivery = ULIDS.next(Ulids.DELIVERY);

        for (String cursor : new String[] {Cursors.encode(delivery), base64url("evt_short"), base64url("evt_' OR 1=1 --")}) {
            assertThatThrownBy(() -> Cursors.decode(cursor, Ulids.EVENT))
                    .isInstanceOfSatisfying(InvalidRequestException.class,
                            refusal -> assertThat(refusal.code()).isEqualTo("invalid_cursor"));
        }
    }
}
