package io.hookrelay.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code --database} as operators write it: refused in one line of the form every refusal has, which shows no part of
 * the URL but a parameter's name and never the password, or taken apart into a JDBC URL the driver can read, which
 * leaves the password to go apart, and a description that hides it and every parameter named like one: neither
 * changes with them.
 *
 * <p>An input is the URL, {@code {password}} standing for a password; a parameter named with it is named like one
 * and hidden as well.
 */
class DatabaseUrlFuzzTest {
    private static final String PASSWORD = "password-hunter2";

    @FuzzTest(maxDuration = "3m")
    void aUrlIsRefusedWithoutShowingThePasswordOrTakenApartKeepingItHidden(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8).replace("{password}", PASSWORD);

        DatabaseUrl url;
        try {
            url = DatabaseUrl.parse(text);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).doesNotContain(PASSWORD).doesNotContain("\n")
                    .matches("the database URL .*; expected " + Pattern.quote(DatabaseUrl.FORM) + "|" + DatabaseUrl.MAX_CONNECTIONS + " .*");
            return;
        }

        assertThat(URI.create(url.jdbcUrl()).getSchemeSpecificPart()).startsWith("postgresql://");
        Optional<String> otherPassword = url.password().map(password -> password + "x");
        Map<String, String> otherSecretParams = new LinkedHashMap<>(url.params());
        otherSecretParams.replaceAll((name, value) -> name.toLowerCase(Locale.ROOT).contains("password") ? value + "x" : value);
        assertThat(new DatabaseUrl(url.host(), url.port(), url.database(), url.user(), otherPassword, url.params(), url.maxConnections())
                .jdbcUrl()).as("the JDBC URL, with another password").isEqualTo(url.jdbcUrl());
        assertThat(new DatabaseUrl(url.host(), url.port(), url.database(), url.user(), otherPassword, otherSecretParams,
                url.maxConnections())).as("the description, with other secrets").hasToString(url.toString());
    }
}
