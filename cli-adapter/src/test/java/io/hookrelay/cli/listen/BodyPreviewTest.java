package io.hookrelay.cli.listen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyPreviewTest {

    @Test
    void aTextBodyIsShownAsItIsIndentedLineByLine() {
        byte[] body = "{\n\t\"type\": \"order.paid\",\n\t\"note\": \"caf\u00e9 \u2615\"\n}\n".getBytes(StandardCharsets.UTF_8);

        assertThat(BodyPreview.lines(body)).containsExactly("  {", "  \t\"type\": \"order.paid\",", "  \t\"note\": \"caf\u00e9 \u2615\"", "  }");
    }

    @Test
    void controlCharactersOtherThanNewlineAndTabAreWrittenOut() {
        byte[] body = "a\u001b[31mred\u0000\r\nb\u007f\u009b2J".getBytes(StandardCharsets.UTF_8);

        assertThat(BodyPreview.lines(body)).containsExactly("  a\\x1b[31mred\\x00\\r", "  b\\x7f\\x9b2J");
    }

    @Test
    void bytesThatAreNotUtf8ShowAsReplacementCharacters() {
        assertThat(BodyPreview.lines(new byte[] {'o', 'k', (byte) 0xff, (byte) 0xfe})).containsExactly("  ok\ufffd\ufffd");
    }

    @Test
    void anEmptyBodySaysSo() {
        assertThat(BodyPreview.lines(new byte[0])).containsExactly("  (empty body)");
    }

    @Test
    void aBodyOf2KiBIsShownWhole() {
        assertThat(BodyPreview.lines("x".repeat(2048).getBytes(StandardCharsets.US_ASCII))).containsExactly("  " + "x".repeat(2048));
    }

    @Test
    void aLongerBodyIsCutAt2KiBWithANote() {
        byte[] body = "x".repeat(5000).getBytes(StandardCharsets.US_ASCII);

        assertThat(BodyPreview.lines(body)).containsExactly("  " + "x".repeat(2048), "  [truncated: the first 2048 of 5000 bytes are shown]");
    }

    @Test
    void theCutNeverSplitsACharacter() {
        byte[] body = ("x".repeat(2047) + "\u00e9" + "y".repeat(10)).getBytes(StandardCharsets.UTF_8);

        assertThat(BodyPreview.lines(body)).containsExactly("  " + "x".repeat(2047), "  [truncated: the first 2047 of 2059 bytes are shown]");
    }
}
