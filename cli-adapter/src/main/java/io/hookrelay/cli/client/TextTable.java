package io.hookrelay.cli.client;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of text in aligned columns, two spaces apart, for people reading a terminal. Cells may hold what a
 * webhook sender wrote (an event type, a header, an error excerpt), so each is flattened to one line of
 * printable text first: a stray escape sequence must not repaint the operator's terminal.
 */
public final class TextTable {
    static final String NONE = "-";
    private static final String GAP = "  ";

    private final List<List<String>> rows = new ArrayList<>();

    /** A table whose first row names its columns. */
    public static TextTable withColumns(String... names) {
        return new TextTable().row((Object[]) names);
    }

    /** Adds a row; a {@code null} cell prints as {@value #NONE}. */
    public TextTable row(Object... cells) {
        rows.add(Arrays.stream(cells).map(cell -> cell == null ? NONE : Printable.line(cell.toString())).toList());
        return this;
    }

    public void print(PrintWriter out) {
        int columns = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                line.append(i == row.size() - 1 ? cell : cell + " ".repeat(widths[i] - cell.length()) + GAP);
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
