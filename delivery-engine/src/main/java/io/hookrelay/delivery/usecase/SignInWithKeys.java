package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.tenant.KeyGrant;
import java.util.Optional;

/** A tenant key's token, as a request presents it, turned into what it lets the request do (DESIGN §12). */
public interface SignInWithKeys {

    /**
     * @return empty when the token is no key's, or its key expired or was revoked
     * @throws io.hookrelay.delivery.error.TenantSuspendedException when the key's tenant is suspended
     */
    Optional<KeyGrant> signIn(String token);
}
