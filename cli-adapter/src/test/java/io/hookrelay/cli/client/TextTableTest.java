package io.hookrelay.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void columnsAreAsWideAsTheirWidestCellAndLinesHaveNoTrailingSpaces() {
        assertThat(print(TextTable.withColumns("A", "LONGER", "C").row("wide cell", "x", "").row("b", null, "last")))
                .isEqualTo("""
                        A          LONGER  C
                        wide cell  x
                        b          -       last
                        """);
    }

    @Test
    void aCellIsOneLineOfPrintableText() {
        assertThat(print(new TextTable().row("k", "two\r\nlines\tand \u001b[31mred\u0007")))
                .isEqualTo("k  two lines and ?[31mred?\n");
    }

    @Test
    void textKeepsItsLinesButLosesControlCharacters() {
        assertThat(Printable.text("one\r\ntwo\n\tthree\u001b\u0000")).isEqualTo("one\ntwo\n\tthree??");
    }

    private static String print(TextTable table) {
        StringWriter out = new StringWriter();
        table.print(new PrintWriter(out, true));
        return out.toString().replace(System.lineSeparator(), "\n");
    }
}
