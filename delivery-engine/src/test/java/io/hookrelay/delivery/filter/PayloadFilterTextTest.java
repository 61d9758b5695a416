package io.hookrelay.delivery.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class PayloadFilterTextTest {

    /** Pointers and strings may hold the separators themselves; they come back as they went in. */
    @Test
    void readsBackEveryConditionWithTheCharactersItsFormatUses() {
        List<PayloadFilter> filters = List.of(
                new PayloadFilter("/a\tb/c\\d", new PayloadFilter.Equals(new JsonValue.Text("line\none\r\ttab\\"))),
                new PayloadFilter("/n", new PayloadFilter.OneOf(List.of(new JsonValue.Decimal(new BigDecimal("-1.5E+3")),
                        new JsonValue.Bool(false), JsonValue.Null.NULL, new JsonValue.Text("")))),
                new PayloadFilter("/live", new PayloadFilter.Exists(false)),
                new PayloadFilter("/type", new PayloadFilter.Prefix("invoice.")));

        String text = PayloadFilterText.of(filters);
        List<PayloadFilter> read = PayloadFilterText.parse(text);

        assertThat(text.lines()).hasSize(4);
        assertThat(PayloadFilterText.of(read)).isEqualTo(text);
        assertThat(read.get(0)).isEqualTo(filters.get(0));
        assertThat(read.get(1).condition().operands()).anyMatch(value -> value.sameAs(new JsonValue.Decimal(new BigDecimal("-1500"))));
        assertThat(read.subList(2, 4)).isEqualTo(filters.subList(2, 4));
    }

    @Test
    void noFiltersIsTheEmptyText() {
        assertThat(PayloadFilterText.of(List.of())).isEmpty();
        assertThat(PayloadFilterText.parse("")).isEmpty();
    }
}
