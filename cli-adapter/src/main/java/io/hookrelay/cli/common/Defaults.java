package io.hookrelay.cli.common;

/**
 * Built-in defaults that more than one party shares, so {@code serve}, its clients and the server's own
 * first-start hints agree: the hints leave out what the CLI would assume anyway.
 */
public final class Defaults {
    public static final String DATA_DIR = "./data";
    public static final String SERVER_URL = "http://127.0.0.1:8080";
    /** The admin token's file in the data directory: written by the server on first start, read by the CLI. */
    public static final String ADMIN_TOKEN_FILE = "admin.token";

    private Defaults() {
    }
}
