package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark run with its worker in-process loads no class of Jackson databind: the run writes its result
 * with jackson-jr, and writing it with databind (the mapper, serializer introspection and the code the JIT
 * then compiles) cost a run 0.3-0.4 s of CPU more, the largest single part of what the tool spent beyond the
 * bare client library's floor outside the load (docs/measurements/kafka-floor-changes.md). The run is a separate JVM that logs
 * every class it loads.
 */
class RunWithoutDatabindIT {

    @TempDir
    Path dir;

    @Test
    void aLoopbackRunWritesItsResultWithoutLoadingDatabind() throws Exception {
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        Path workload = BenchmarkRuns.workload(dir, "short", 1, 1, 1, 1000, "0s", "1s", 1000);
        Path classes = dir.resolve("classes.log");
        Path log = dir.resolve("run.log");
        Process run = BenchmarkRuns.startBenchmark(
                log,
                List.of("-Xlog:class+load=info:file=" + classes),
                "-d",
                driver.toString(),
                "--output-dir",
                dir.resolve("results").toString(),
                workload.toString());
        // a bound on a hung process, not a measurement
        assertThat(run.waitFor(2, TimeUnit.MINUTES)).as("the run ended").isTrue();
        assertThat(run.exitValue()).as(Files.readString(log)).isZero();

        List<String> loaded = Files.readAllLines(classes);
        // the log is the JVM's own: it names the classes the run wrote its result with
        assertThat(loaded)
                .anyMatch(line -> line.contains(" com.fasterxml.jackson.jr.ob.JSON "))
                .anyMatch(line -> line.contains(" com.fasterxml.jackson.core.json.UTF8JsonGenerator "));
        assertThat(loaded)
                .as("classes of Jackson databind loaded by the run")
                .noneMatch(line -> line.contains(" com.fasterxml.jackson.databind."));

        try (Stream<Path> files = Files.list(dir.resolve("results"))) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertThat(json).hasSize(1);
            TestResult result = ResultFiles.read(json.get(0));
            assertThat(result.complete).isTrue();
            assertThat(result.workload).isEqualTo("short");
            assertThat(result.totalMessagesReceived)
                    .isEqualTo(result.totalMessagesDue)
                    .isPositive();
        }
    }
}
