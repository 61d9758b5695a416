package io.hookrelay.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyPreviewTest {

    @Test
    void a_text_body_is_shown_as_it_is_indented_line_by_line() {
        byte[] body = "{\n\t\"type\": \"order.paid\",\n\t\"note\": \"caf\u00e9 \u2615\"\n}\n".getBytes(StandardCharsets.UTF_8);

        assertThat(BodyPreview.lines(body)).containsExactly("  {", "  \t\"type\": \"order.paid\",", "  \t\"note\": \"caf\u00e9 \u2615\"", "  }");
    }

    @Test
    void control_characters_other_than_newline_and_tab_are_written_out() {
        byte[] body = "a\u001b[31mred\u0000\r\nb\u007f\u009b2J".getBytes(StandardCharsets.UTF_8);

        assertThat(BodyPreview.lines(body)).containsExactly("  a\\x1b[31mred\\x00\\r", "  b\\x7f\\x9b2J");
    }

    @Test
    void bytes_that_are_not_utf8_show_as_replacement_characters() {
        assertThat(BodyPreview.lines(new byte[] {'o', 'k', (byte) 0xff, (byte) 0xfe})).containsExactly("  ok\ufffd\ufffd");
    }

    @Test
    void an_empty_body_says_so() {
        assertThat(BodyPreview.lines(new byte[0])).containsExactly("  (empty body)");
    }

    @Test
    void a_body_of_2_KiB_is_shown_whole() {
        assertThat(BodyPreview.lines("x".repeat(2048).getBytes(StandardCharsets.US_ASCII))).containsExactly("  " + "x".repeat(2048));
    }

    @Test
    void a_longer_body_is_cut_at_2_KiB_with_a_note() {
        byte[] body = "x".repeat(5000).getBytes(StandardCharsets.US_ASCII);

        assertThat(BodyPreview.lines(body)).containsExactly("  " + "x".repeat(2048), "  [truncated: the first 2048 of 5000 bytes are shown]");
    }

    @Test
    void the_cut_never_splits_a_character() {
        byte[] body = ("x".repeat(2047) + "\u00e9" + "y".repeat(10)).getBytes(StandardCharsets.UTF_8);

        assertThat(BodyPreview.lines(body)).containsExactly("  " + "x".repeat(2047), "  [truncated: the first 2047 of 2059 bytes are shown]");
    }
}
