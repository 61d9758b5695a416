package io.hookrelay.delivery;

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
    /**
     * Credentials a proxy or the provider put on a request, lower-cased: never stored with an event (they would be
     * readable to every operator and in every backup) and never forwarded.
     */
    public static final Set<String> CREDENTIALS =
            Set.of("authorization", "cookie", "proxy-authorization", "x-api-key", "x-auth-token", "x-gitlab-token");
    private static final int LONGEST = 128;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9-]{1," + LONGEST + "}");

    private HeaderNames() {
    }

    public static boolean isValid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /**
     * A source's list of header names, as requests keep them.
     *
     * @param field the request's name for the list, for the refusal
     * @return the names lower-cased, each once, in order
     * @throws InvalidRequestException for more than {@code most} names or one that is no header name
     */
    static List<String> requireList(List<String> names, String field, int most) {
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
