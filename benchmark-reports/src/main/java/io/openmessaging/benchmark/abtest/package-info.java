/**
 * A/B comparisons of two sets of runs ({@code bin/regression --compare}): the headline figures
 * ({@link io.openmessaging.benchmark.abtest.AbFigure}), one value per run, the Mann–Whitney U test
 * ({@link io.openmessaging.benchmark.abtest.MannWhitneyU}, computed by Apache Commons Statistics) and a bootstrap interval of the ratio of
 * medians ({@link io.openmessaging.benchmark.abtest.BootstrapRatio}) combined into a verdict per figure
 * ({@link io.openmessaging.benchmark.abtest.AbAnalysis}), the runs read from their directory and the
 * verdicts written as JSON. Uses only the result files; the report and the regression command use it.
 * User documentation: {@code docs/regression.md}.
 */
package io.openmessaging.benchmark.abtest;
