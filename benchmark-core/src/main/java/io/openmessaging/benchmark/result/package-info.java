/**
 * The result of one run: the {@link io.openmessaging.benchmark.result.TestResult} JSON document (a
 * superset of upstream OpenMessaging Benchmark's, with upstream's field names and units), the helpers
 * that turn nanosecond HdrHistograms into its fields ({@link io.openmessaging.benchmark.result.ResultFiller},
 * {@link io.openmessaging.benchmark.result.LatencyStats}), and reading and writing result files without
 * ever overwriting one ({@link io.openmessaging.benchmark.result.ResultFiles}).
 *
 * <p>Field names, units and file naming are documented in {@code docs/results.md}.
 */
package io.openmessaging.benchmark.result;
