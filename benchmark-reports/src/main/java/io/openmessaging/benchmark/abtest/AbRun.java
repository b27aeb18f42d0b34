package io.openmessaging.benchmark.abtest;

import io.openmessaging.benchmark.result.TestResult;
import java.util.Optional;

/**
 * One run of one side of an A/B comparison.
 *
 * @param name its result file (or directory), as the comparison names it
 * @param result the result; empty when the run is left out
 * @param excludedBecause why it is left out; empty when it is used
 */
public record AbRun(String name, Optional<TestResult> result, Optional<String> excludedBecause) {

    /** A run whose result is analysed. */
    public static AbRun used(String name, TestResult result) {
        return new AbRun(name, Optional.of(result), Optional.empty());
    }

    /** A run left out, with the reason (one sentence without a final period). */
    public static AbRun excluded(String name, String because) {
        return new AbRun(name, Optional.empty(), Optional.of(because));
    }
}
