package io.hookrelay.storage.jdbi;

import java.util.List;

/**
 * The part of a stored row each database keeps in a form of its own: a short list in one column (always
 * read and written whole with its row, so a child table would only add joins), and a boolean. A store
 * adapter supplies it; the layouts call it for those columns alone.
 */
public interface StoredForms<X extends Exception> {

    /** The value to store a list of texts as. */
    Object ofTexts(List<String> values);

    /** The inverse of {@link #ofTexts}, from what {@link StoredRow#value} read. */
    List<String> texts(Object stored) throws X;

    /** The value to store a list of whole numbers as. */
    Object ofLongs(List<Long> values);

    /** The inverse of {@link #ofLongs}, from what {@link StoredRow#value} read. */
    List<Long> longs(Object stored) throws X;

    /** A boolean the database computed, from what {@link StoredRow#value} read. */
    boolean flag(Object stored) throws X;
}
