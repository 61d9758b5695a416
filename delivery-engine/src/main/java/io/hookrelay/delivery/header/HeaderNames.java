package io.hookrelay.delivery.header;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The header names a source may be configured with: letters, digits and hyphens, which every provider's
 * headers are, rather than everything RFC 9110 allows in a token; a name outside that is a typo.
 */
public final class HeaderNames {
    /** Credentials by their standard names, lower-cased; {@link #isNeverStored} also knows them by what their names say. */
    private static final Set<String> CREDENTIALS = Set.of("authorization", "cookie", "proxy-authorization");
    /** Words in the names providers and proxies give credentials: {@code Api-Key}, {@code X-Access-Token}, {@code X-Tenant-Secret}. */
    private static final List<String> CREDENTIAL_WORDS = List.of("api-key", "apikey", "token", "secret", "password");
    private static final String CONTENT_ENCODING = "content-encoding";
    private static final int LONGEST = 128;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9-]{1," + LONGEST + "}");

    private HeaderNames() {
    }

    public static boolean isValid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /**
     * Whether a header, named lower-cased, is never stored with an event and so never forwarded: a credential a
     * proxy or the provider put on the request (kept, it would be readable to every operator and in every backup),
     * judged by its name since a name that says it holds a secret is the only sign a relay has; or
     * {@code Content-Encoding}, since the body is kept and sent as it came and no later reader should decode it again.
     */
    public static boolean isNeverStored(String lowerCased) {
        return CREDENTIALS.contains(lowerCased) || CREDENTIAL_WORDS.stream().anyMatch(lowerCased::contains)
                || CONTENT_ENCODING.equals(lowerCased);
    }

    /**
     * A source's list of header names, as requests keep them.
     *
     * @param field the request's name for the list, for the refusal
     * @return the names lower-cased, each once, in order
     * @throws InvalidRequestException for more than {@code most} names or one that is no header name
     */
    public static List<String> requireList(List<String> names, String field, int most) {
        Objects.requireNonNull(names, field);
        if (names.size() > most) {
            throw new InvalidRequestException(field + " may list at most " + most + " headers");
        }
        for (String name : names) {
            if (!isValid(name)) {
                throw new InvalidRequestException("each " + field + " entry must be an HTTP header name");
            }
        }
        return names.stream().map(name -> name.toLowerCase(Locale.ROOT)).distinct().toList();
    }
}
