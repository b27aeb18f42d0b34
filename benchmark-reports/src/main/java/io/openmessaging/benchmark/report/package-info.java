/**
 * What people and tools read instead of result JSON: the self-contained HTML report
 * ({@link io.openmessaging.benchmark.report.HtmlReport}) and CSV rows
 * ({@link io.openmessaging.benchmark.report.CsvFormat}) of any number of result files, ours or
 * upstream's, and the {@link io.openmessaging.benchmark.report.Metric} and
 * {@link io.openmessaging.benchmark.report.Stat} names they share with {@code compare} thresholds.
 * Every output format implements {@link io.openmessaging.benchmark.report.ResultFormat}.
 *
 * <p>User documentation: {@code docs/reports.md}.
 */
package io.openmessaging.benchmark.report;
