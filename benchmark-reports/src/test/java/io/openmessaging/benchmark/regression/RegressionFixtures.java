package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A real result of {@code regression/workloads/regression.yaml} (2,000 msg/s, 2 subscriptions, 20 s) with
 * the loopback driver, written by {@code bin/regression}, and case directories made from it, changed
 * where a test needs a failure.
 */
final class RegressionFixtures {

    /** The loopback run: complete, 50,184 sent, 100,368 received, no errors, 2,000 msg/s on average. */
    static final Path LOOPBACK_RUN = resource("/regression/loopback-run.json");

    static final RegressionCase LOOPBACK_CASE = new RegressionCase(
            "loopback",
            RegressionCase.NO_BROKER,
            "driver-loopback/loopback.yaml",
            "regression/workloads/regression.yaml",
            1);

    private RegressionFixtures() {}

    /** The project's root directory (tests run in a module directory such as {@code benchmark-reports/}). */
    static Path projectRoot() {
        return Path.of("").toAbsolutePath().getParent();
    }

    /** The loopback run, read afresh. */
    static TestResult loopbackRun() {
        try {
            return ResultFiles.read(LOOPBACK_RUN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the loopback run, changed by {@code change}, as the only result of {@code caseDirectory},
     * with {@code bin/benchmark}'s exit status 0 beside it.
     */
    static Path caseDirectory(Path caseDirectory, Consumer<TestResult> change) {
        TestResult result = loopbackRun();
        change.accept(result);
        try {
            Files.createDirectories(caseDirectory);
            ResultFiles.writeTo(result, caseDirectory.resolve("regression-Loopback.json"));
            Files.writeString(caseDirectory.resolve(RegressionJudge.EXIT_STATUS_FILE), "0\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return caseDirectory;
    }

    /** Writes the loopback run, changed by {@code change}, as the baseline file {@code file}. */
    static Path baselineFile(Path file, Consumer<TestResult> change) {
        TestResult result = loopbackRun();
        change.accept(result);
        try {
            Files.createDirectories(file.getParent());
            return ResultFiles.writeTo(result, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void unchanged(TestResult result) {}

    private static Path resource(String name) {
        try {
            return Path.of(RegressionFixtures.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
