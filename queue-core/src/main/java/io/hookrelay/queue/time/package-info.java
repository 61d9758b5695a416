/**
 * Clocks that leases and due times can be judged by: {@link io.hookrelay.queue.time.SteadyClock} for one process that
 * owns its store, and the base that a store's own clock, such as a shared database's, builds on.
 */
package io.hookrelay.queue.time;
