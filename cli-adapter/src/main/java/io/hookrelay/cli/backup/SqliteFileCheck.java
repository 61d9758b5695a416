package io.hookrelay.cli.backup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Whether a file is a whole SQLite database, judged from its 100-byte header
 * (<a href="https://www.sqlite.org/fileformat2.html#the_database_header">the file format, §1.3</a>): the magic
 * string, a valid page size, and an in-header page count that is valid and accounts for every byte. A
 * download cut short at any page boundary still starts like a database; only the count tells it is not all
 * there. The command line has no SQLite of its own, and needs none for this.
 */
final class SqliteFileCheck {
    private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER_BYTES = 100;
    private static final int PAGE_SIZE_AT = 16;
    private static final int CHANGE_COUNTER_AT = 24;
    private static final int PAGE_COUNT_AT = 28;
    private static final int VALID_FOR_AT = 92;
    /** How the header writes a page size of 65536, which does not fit its two bytes. */
    private static final int LARGEST_PAGE_SIZE_CODE = 1;

    private SqliteFileCheck() {
    }

    /** @return what is wrong with {@code file} as a complete database, if anything */
    static Optional<String> problem(FileChannel file) throws IOException {
        long size = file.size();
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
        while (header.hasRemaining()) {
            if (file.read(header, header.position()) < 0) {
                break;
            }
        }
        if (header.position() < HEADER_BYTES || !Arrays.equals(Arrays.copyOf(header.array(), MAGIC.length), MAGIC)) {
            return Optional.of("it is not an SQLite database");
        }
        int pageSizeCode = Short.toUnsignedInt(header.getShort(PAGE_SIZE_AT));
        long pageSize = pageSizeCode == LARGEST_PAGE_SIZE_CODE ? 65_536 : pageSizeCode;
        if (pageSize < 512 || Long.bitCount(pageSize) != 1) {
            return Optional.of("its header has no valid page size");
        }
        long pages = Integer.toUnsignedLong(header.getInt(PAGE_COUNT_AT));
        if (pages == 0 || header.getInt(VALID_FOR_AT) != header.getInt(CHANGE_COUNTER_AT)) {
            return Optional.of("its header does not say how long it is");
        }
        if (pages * pageSize != size) {
            return Optional.of("it has " + size + " bytes where its header says " + pages * pageSize);
        }
        return Optional.empty();
    }
}
