package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.ApiJson;

/**
 * What to tell whoever has just seen or set a target's signing secret. It depends on the scheme: a v1 secret is what
 * receivers verify with, so it must reach them; a v1a secret is the ed25519 private key, which must not, since
 * receivers verify with its public key.
 */
final class SecretNotes {
    static final String SHOWN_ONCE = "The secret is shown only this once: store it now.";

    private SecretNotes() {
    }

    /** After a create or a rotation, whose answer is the one that shows the secret. */
    static String shown(JsonNode target) {
        return SHOWN_ONCE + " " + receiversCheck(target);
    }

    /** After a rotation: how long receivers have to take the new secret, or its public key. */
    static String grace(JsonNode target) {
        String until = ApiJson.text(target, "previous_secret_until");
        return until == null
                ? "The old secret no longer signs: receivers need the new " + receiversKey(target) + " now."
                : "Until " + until + " deliveries are signed under the old secret too: give receivers the new "
                        + receiversKey(target) + " before then.";
    }

    /** After an update that gave a secret, which replaces the old one at once. */
    static String replaced(JsonNode target) {
        return "The secret given signs from now on, and the old one no longer does (rotate-secret keeps it signing for a "
                + "while). " + receiversCheck(target);
    }

    private static String receiversCheck(JsonNode target) {
        return isV1a(target)
                ? "It is the private key, for hookrelay alone: receivers check each delivery's webhook-signature header "
                        + "with the public key above."
                : "Receivers check each delivery's webhook-signature header with it.";
    }

    private static String receiversKey(JsonNode target) {
        return isV1a(target) ? "public key" : "secret";
    }

    private static boolean isV1a(JsonNode target) {
        return "v1a".equals(ApiJson.text(target, "signature"));
    }
}
