package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.tenant.KeyTokens;
import java.util.Optional;

/** A tenant key's token, as a request presents it, turned into what it lets the request do (DESIGN §12). */
public interface SignInWithKeys {

    /**
     * @return empty when the token is no key's, or its key expired or was revoked
     * @throws io.hookrelay.delivery.error.TenantSuspendedException when the key's tenant is suspended
     */
    default Optional<KeyGrant> signIn(String token) {
        return token.startsWith(KeyTokens.PREFIX) ? signInHashed(KeyTokens.hash(token)) : Optional.empty();
    }

    /**
     * The same for a token known by its hash ({@link KeyTokens#hash}) alone: a console session keeps that rather than the
     * token, and signs in with it again on every request, so that the key's revocation ends the session as it ends the key.
     *
     * @return empty when the hash is no key's, or its key expired or was revoked
     * @throws io.hookrelay.delivery.error.TenantSuspendedException when the key's tenant is suspended
     */
    Optional<KeyGrant> signInHashed(String tokenHash);
}
