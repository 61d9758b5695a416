package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static io.hookrelay.delivery.testing.RelayFixture.source;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.signing.SignatureEncoding;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The rules of {@link SourceStore} that every store adapter keeps. */
public abstract class SourceStoreContract extends RelayStoreContract {

    private SourceStore sources;

    @BeforeEach
    final void useSources() {
        sources = relay.sources;
    }

    protected static Stream<Source> everyKindOfSource() {
        return Stream.of(
                source("plain"),
                new Source("svix-style", new Verification(VerificationScheme.STANDARD_WEBHOOKS, RelayFixture.SECRET, null,
                        null, null), Optional.of("webhook-id"), new EventTypeSource.JsonPointer("/type"), 4096),
                new Source("github", new Verification(VerificationScheme.HMAC_SHA256, "gh-secret", null, null, null),
                        Optional.empty(), new EventTypeSource.Header("X-GitHub-Event"), Source.LARGEST_MAX_BODY_BYTES),
                new Source("custom-hmac", new Verification(VerificationScheme.HMAC_SHA256, "s3cret", "X-Signature", "",
                        SignatureEncoding.BASE64), Optional.of("X-Request-Id"), new EventTypeSource.None(), 1,
                        List.of("X-Tenant-Secret", "x-session-token")),
                new Source("escaped-pointer", Verification.none(), Optional.empty(), new EventTypeSource.JsonPointer("/a~1b/~0c"), 1024,
                        List.of("x-one")),
                new Source("stripe", new Verification(VerificationScheme.STRIPE, "whsec_stripe", null, null, null),
                        Optional.empty(), new EventTypeSource.JsonPointer("/data/object/type"), 65536),
                new Source("stripe-keyed", new Verification(VerificationScheme.STRIPE, "whsec_stripe", null, null, null),
                        Optional.empty(), new EventTypeSource.JsonPointer("/type"), 65536, List.of(), Optional.of("/id"),
                        List.of("x-github-event", "x-github-delivery")));
    }

    @ParameterizedTest
    @MethodSource("everyKindOfSource")
    void aCreatedSourceReadsBackExactlyIncludingItsSecret(Source source) {
        assertThat(sources.create(TENANT, source)).isTrue();

        Source found = sources.find(TENANT, source.id()).orElseThrow();
        assertThat(found).isEqualTo(source);
        assertThat(found.verify().secret()).isEqualTo(source.verify().secret());
    }

    @Test
    void aSourceOfAnotherTenantWithTheSameIdIsAnotherSource() {
        Source ours = source("github");
        Source theirs = new Source("github", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1024);
        assertThat(sources.create(TENANT, ours)).isTrue();
        assertThat(sources.create(ACME, theirs)).as("the id is free in its tenant").isTrue();

        assertThat(sources.find(ACME, "github")).contains(theirs);
        assertThat(sources.list(ACME)).containsExactly(theirs);
        assertThat(sources.delete(ACME, "github")).isTrue();
        assertThat(sources.find(TENANT, "github")).as("the other tenant's delete").contains(ours);
        assertThat(sources.update(ACME, theirs)).as("gone from its tenant").isFalse();
        assertThat(sources.list(ACME)).isEmpty();
    }

    @Test
    void creatingAnExistingIdIsRefusedAndKeepsTheFirst() {
        Source first = source("orders");
        Source second = new Source("orders", Verification.none(), Optional.of("X-Id"), new EventTypeSource.None(), 10);
        assertThat(sources.create(TENANT, first)).isTrue();

        assertThat(sources.create(TENANT, second)).isFalse();

        assertThat(sources.find(TENANT, "orders")).contains(first);
    }

    @Test
    void updateReplacesEverySetting() {
        sources.create(TENANT, new Source("orders", new Verification(VerificationScheme.HMAC_SHA256, "old", null, null, null),
                Optional.of("X-Id"), new EventTypeSource.Header("X-Event"), 100));
        assertThat(sources.find(TENANT, "orders")).as("read once, so a store that caches sources holds it").isPresent();
        Source replacement = source("orders");

        assertThat(sources.update(TENANT, replacement)).isTrue();

        assertThat(sources.find(TENANT, "orders")).contains(replacement);
        sources.delete(TENANT, "orders");
        assertThat(sources.find(TENANT, "orders")).isEmpty();
    }

    @Test
    void updatingAMissingSourceCreatesNothing() {
        assertThat(sources.update(TENANT, source("ghost"))).isFalse();

        assertThat(sources.find(TENANT, "ghost")).isEmpty();
        assertThat(sources.list(TENANT)).isEmpty();
    }

    @Test
    void deletingASourceTakesItsRoutesAndLeavesItsEvents() {
        relay.configure(List.of("orders", "users"), List.of("billing"));
        relay.routes.create(TENANT, relay.route("orders", "billing"));
        relay.routes.create(TENANT, relay.route("orders", "billing", "invoice.*"));
        var otherRoute = relay.route("users", "billing");
        relay.routes.create(TENANT, otherRoute);
        var ingested = relay.ingest("orders", "billing");

        assertThat(sources.delete(TENANT, "orders")).isTrue();

        assertThat(sources.find(TENANT, "orders")).isEmpty();
        assertThat(relay.routes.list(TENANT)).containsExactly(otherRoute);
        assertThat(relay.events.find(TENANT, ingested.event().id())).contains(ingested.event());
        assertThat(relay.deliveries.forEvent(TENANT, ingested.event().id())).hasSize(1);
    }

    @Test
    void deletingAMissingSourceAnswersFalse() {
        sources.create(TENANT, source("orders"));

        assertThat(sources.delete(TENANT, "ghost")).isFalse();

        assertThat(sources.list(TENANT)).containsExactly(source("orders"));
    }

    @Test
    void listIsOrderedById() {
        sources.create(TENANT, source("zeta"));
        sources.create(TENANT, source("alpha"));
        sources.create(TENANT, source("mid-1"));

        assertThat(sources.list(TENANT)).extracting(Source::id).containsExactly("alpha", "mid-1", "zeta");
    }
}
