package io.hookrelay.it.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The texts of a compiled class that read as SQL: a statement, or a list of a table's columns. They are taken
 * from the class file's constant pool, where every literal, text block, constant expression and annotation
 * value the class holds ends up, so a statement built from constants is seen whole. SQL here is written in
 * capitals, so a statement's keywords in capitals, in the order a statement has them, mark one; prose that
 * says "select" or "update" does not. Columns are named in snake case, so three or more lower-case names in a
 * comma-separated list, one of them with an underscore, mark a column list; a list of states or words does not.
 */
final class SqlText {
    private static final Pattern STATEMENT = Pattern.compile(
            "\\b(SELECT\\b.*\\bFROM|INSERT\\s+INTO|UPDATE\\s+\\w+\\s+SET|DELETE\\s+FROM|CREATE\\s+(TABLE|INDEX)|ALTER\\s+TABLE)\\b",
            Pattern.DOTALL);
    private static final Pattern NAME_LIST = Pattern.compile("\\b[a-z][a-z0-9_]*(\\s*,\\s*[a-z][a-z0-9_]*){2,}\\b");
    private static final int UTF8 = 1;

    private SqlText() {
    }

    static List<String> in(JavaClass javaClass) {
        return texts(javaClass).stream().filter(text -> STATEMENT.matcher(text).find() || isColumnList(text)).toList();
    }

    private static boolean isColumnList(String text) {
        return NAME_LIST.matcher(text).results().anyMatch(names -> names.group().contains("_"));
    }

    private static List<String> texts(JavaClass javaClass) {
        try (InputStream in = javaClass.getSource().orElseThrow().getUri().toURL().openStream()) {
            return texts(new DataInputStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class file of " + javaClass.getName(), e);
        }
    }

    /**
     * The pool's {@code CONSTANT_Utf8} entries: string constants and annotation values, with the names and
     * descriptors of what the class uses, which never read as SQL. The other entries are read past.
     */
    private static List<String> texts(DataInputStream classFile) throws IOException {
        classFile.readInt(); // magic
        classFile.readUnsignedShort(); // minor version
        classFile.readUnsignedShort(); // major version
        int count = classFile.readUnsignedShort();
        List<String> texts = new ArrayList<>();
        for (int index = 1; index < count; index++) {
            int tag = classFile.readUnsignedByte();
            switch (tag) {
                case UTF8 -> texts.add(classFile.readUTF());
                case 7, 8, 16, 19, 20 -> classFile.skipNBytes(2);
                case 15 -> classFile.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> classFile.skipNBytes(4);
                case 5, 6 -> {
                    classFile.skipNBytes(8);
                    index++; // a long or a double takes two entries
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        return texts;
    }
}
