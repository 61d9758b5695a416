package io.hookrelay.cli;

/** Built-in defaults that more than one command shares, so {@code serve} and its clients agree. */
final class Defaults {
    static final String DATA_DIR = "./data";
    static final String SERVER_URL = "http://127.0.0.1:8080";

    private Defaults() {
    }
}
