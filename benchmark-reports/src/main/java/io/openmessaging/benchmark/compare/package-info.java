/**
 * {@code bin/benchmark compare}: base and candidate result files side by side
 * ({@link io.openmessaging.benchmark.compare.Comparison}), figures named {@code <metric>.<stat>} as in
 * {@link io.openmessaging.benchmark.report.Metric} and {@link io.openmessaging.benchmark.report.Stat},
 * {@link io.openmessaging.benchmark.compare.Threshold}s that fail a CI job, the check that every file ran
 * the same workload ({@link io.openmessaging.benchmark.compare.WorkloadFields},
 * {@link io.openmessaging.benchmark.compare.WorkloadCheck}), and the text and JSON outputs. User documentation: {@code
 * docs/reports.md}.
 */
package io.openmessaging.benchmark.compare;
