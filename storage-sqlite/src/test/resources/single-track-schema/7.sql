CREATE TABLE secret_key_check (
    id    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    value TEXT    NOT NULL
) STRICT;
