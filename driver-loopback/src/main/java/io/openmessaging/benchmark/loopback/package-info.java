/**
 * The in-memory {@code loopback} driver: a messaging system without a broker, for end-to-end tests of
 * the measurement engine (on a manual clock, deterministically) and for benchmarks of the framework's
 * own overhead. Entry points: {@link io.openmessaging.benchmark.loopback.LoopbackDriver}, {@link
 * io.openmessaging.benchmark.loopback.LoopbackConfig}, {@link
 * io.openmessaging.benchmark.loopback.LoopbackStall}, {@link io.openmessaging.benchmark.loopback.LoopbackFault}
 * (messages dropped, duplicated or reordered on purpose). User guide: {@code docs/drivers/loopback.md}.
 */
package io.openmessaging.benchmark.loopback;
