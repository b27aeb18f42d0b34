/**
 * Sweeps ({@code bin/benchmark sweep}): one workload run at a list of values of one parameter (producer
 * rate, message size, partitions per topic or topics), one result file per step, and a summary that
 * judges every step by the peak-stable-throughput rule ({@link io.openmessaging.benchmark.sweep.StabilityRule})
 * and fits a model of throughput against the parameter ({@link io.openmessaging.benchmark.sweep.ThroughputModels}).
 *
 * <p>User documentation: {@code docs/sweeps.md}.
 */
package io.openmessaging.benchmark.sweep;
