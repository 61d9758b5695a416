package io.hookrelay.cli.admin;

import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SignatureEncoding;
import io.hookrelay.queue.IntentState;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads an option whose values are the API's names for one of the domain's enums ({@code hmac-sha256},
 * {@code failed}), and lists them for help and shell completion. The enum stays the one list of what
 * exists; a typo is a usage error before any request is sent.
 */
abstract class WireNames<E> implements ITypeConverter<E>, Iterable<String> {
    private final List<E> values;
    private final Function<E, String> wireName;

    WireNames(E[] values, Function<E, String> wireName) {
        this.values = List.of(values);
        this.wireName = wireName;
    }

    @Override
    public E convert(String value) {
        return values.stream().filter(candidate -> wireName.apply(candidate).equals(value)).findFirst()
                .orElseThrow(() -> new TypeConversionException("'" + value + "' is not one of " + String.join(", ", this)));
    }

    @Override
    public Iterator<String> iterator() {
        return values.stream().map(wireName).iterator();
    }

    static final class Schemes extends WireNames<VerificationScheme> {
        Schemes() {
            super(VerificationScheme.values(), VerificationScheme::wireName);
        }
    }

    static final class Encodings extends WireNames<SignatureEncoding> {
        Encodings() {
            super(SignatureEncoding.values(), SignatureEncoding::wireName);
        }
    }

    static final class States extends WireNames<IntentState> {
        States() {
            super(IntentState.values(), IntentState::wireName);
        }
    }
}
