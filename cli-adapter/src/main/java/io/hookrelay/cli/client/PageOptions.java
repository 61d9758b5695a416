package io.hookrelay.cli.client;

import picocli.CommandLine.Option;

/** The {@code --limit} and {@code --cursor} of every list command that pages, as a picocli mixin. */
public final class PageOptions {
    @Option(names = "--limit", paramLabel = "N", description = "Items per page, 1 to 500 (default: 50).")
    private Integer limit;

    @Option(names = "--cursor", paramLabel = "CURSOR", description = "The next page, as the previous page printed it.")
    private String cursor;

    /** {@code path} asking for the page these options name. */
    public ApiPath of(ApiPath path) {
        return path.param("limit", limit).param("cursor", cursor);
    }
}
