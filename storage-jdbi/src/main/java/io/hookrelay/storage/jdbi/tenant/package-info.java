/** The stores of tenants, their keys, their usage and the audit log: one each for both SQL databases, run through a DaoRunner. */
package io.hookrelay.storage.jdbi.tenant;
