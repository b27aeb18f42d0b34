/**
 * {@code bin/regression}: a fixed suite of short workloads against the local brokers
 * ({@link io.openmessaging.benchmark.regression.RegressionSuite}), the judging of its results against
 * functional criteria and a committed baseline ({@link io.openmessaging.benchmark.regression.RegressionJudge},
 * latency deltas through {@link io.openmessaging.benchmark.compare.Comparison}), and the one table it
 * prints ({@link io.openmessaging.benchmark.regression.RegressionTable}). User documentation:
 * {@code docs/regression.md}.
 */
package io.openmessaging.benchmark.regression;
