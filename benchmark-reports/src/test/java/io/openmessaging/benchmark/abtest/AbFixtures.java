package io.openmessaging.benchmark.abtest;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Synthetic runs with controlled per-period figures: every run has its own level (run-to-run noise, as on
 * a shared machine, log-normal with {@link #RUN_SIGMA}), and every period varies around it (log-normal with
 * {@link #PERIOD_SIGMA}). Latencies of side B can be scaled by a factor; the publish rate is 2,000 msg/s
 * with a little noise, scaled separately.
 */
public final class AbFixtures {

    public static final double RUN_SIGMA = 0.3;
    public static final double PERIOD_SIGMA = 0.2;
    public static final int PERIODS = 20;
    /** p99 end-to-end response time level of an unscaled run, ms. */
    public static final double E2E_P99_MS = 40.0;

    private AbFixtures() {}

    /** {@code count} runs drawn from {@code random}, latencies scaled by {@code latencyFactor}, rates by {@code rateFactor}. */
    public static List<AbRun> runs(String side, int count, Random random, double latencyFactor, double rateFactor) {
        List<AbRun> runs = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            runs.add(AbRun.used(side + "/run-" + i, result(random, latencyFactor, rateFactor)));
        }
        return runs;
    }

    /** One run. */
    public static TestResult result(Random random, double latencyFactor, double rateFactor) {
        TestResult result = new TestResult();
        result.workload = "ab";
        result.driver = "Synthetic";
        result.complete = true;
        result.sampleRateMillis = 1000;
        double runLevel = Math.exp(RUN_SIGMA * random.nextGaussian()) * latencyFactor;
        for (int period = 0; period < PERIODS; period++) {
            double level = runLevel * Math.exp(PERIOD_SIGMA * random.nextGaussian());
            result.publishResponseTime50pct.add(round(2.0 * level));
            result.publishResponseTime99pct.add(round(20.0 * level));
            result.publishResponseTime999pct.add(round(60.0 * level));
            result.endToEndResponseTime50pct.add(round(4.0 * level));
            result.endToEndResponseTime99pct.add(round(E2E_P99_MS * level));
            result.endToEndResponseTime999pct.add(round(120.0 * level));
            result.publishLatency99pct.add(round(15.0 * level));
            result.publishRate.add(round(2000.0 * rateFactor * (1 + 0.002 * random.nextGaussian())));
        }
        return result;
    }

    /**
     * Writes {@code runs} as {@code bin/regression --compare} lays them out: {@code directory/<side>/run-NN/}
     * with the result and {@code benchmark.exit} 0.
     */
    public static void write(Path directory, String side, List<TestResult> runs) {
        try {
            for (int i = 0; i < runs.size(); i++) {
                Path run = Files.createDirectories(directory.resolve(side).resolve(String.format("run-%02d", i + 1)));
                ResultFiles.writeTo(runs.get(i), run.resolve("ab-Synthetic.json"));
                Files.writeString(run.resolve(AbRunsDirectory.EXIT_STATUS_FILE), "0\n", StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code count} results drawn from {@code random}. */
    public static List<TestResult> results(int count, Random random, double latencyFactor, double rateFactor) {
        List<TestResult> results = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            results.add(result(random, latencyFactor, rateFactor));
        }
        return results;
    }

    /** Three decimals, as a result file's milliseconds roughly carry. */
    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
