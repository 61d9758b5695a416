/**
 * What the SQLite and PostgreSQL stores share: how the relay's types are laid out in rows and read back,
 * the JDBI row mappers, and the DAOs and stores whose SQL is the same on both databases. Each adapter keeps
 * what its database spells its own way (a list in one column, a boolean, a lock, a join) and runs the shared
 * calls the way its database runs work.
 */
package io.hookrelay.storage.jdbi;
