/**
 * The SQLite adapter of the store ports: one data directory, one database file, one writer.
 *
 * <p>Everything here follows from one incident (seed {@code 000}): an operator's {@code sqlite3 .dump}
 * against a live database turned into rejected webhooks and stranded deliveries, because connections were
 * opened in different ways, writers upgraded read transactions into write transactions, and a failed
 * {@code COMMIT} left a pooled connection inside a transaction. So every connection is opened by
 * {@link io.hookrelay.storage.sqlite.connection.SqliteConnections} alone, WAL keeps readers from blocking the
 * writer, every write goes through the single {@link io.hookrelay.storage.sqlite.connection.SqliteWriter} thread in
 * {@code BEGIN IMMEDIATE} transactions, and a data-directory lock guarantees one process per database.
 */
package io.hookrelay.storage.sqlite;

import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import io.hookrelay.storage.sqlite.connection.SqliteWriter;
