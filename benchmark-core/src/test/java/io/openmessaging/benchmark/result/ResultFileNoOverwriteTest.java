package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A result file, once written, is never replaced; later writers get a numbered name. */
class ResultFileNoOverwriteTest {

    @Test
    void secondWriteGetsASuffixAndLeavesTheFirstFileUnchanged(@TempDir Path directory) throws Exception {
        Path first = ResultFiles.write(resultFor("first"), directory, "w", "Kafka", SampleResults.START);
        byte[] firstContent = Files.readAllBytes(first);

        Path second = ResultFiles.write(resultFor("second"), directory, "w", "Kafka", SampleResults.START);
        Path third = ResultFiles.write(resultFor("third"), directory, "w", "Kafka", SampleResults.START);

        assertThat(first.getFileName()).hasToString("w-Kafka-2025-01-31-13-05-09.json");
        assertThat(second.getFileName()).hasToString("w-Kafka-2025-01-31-13-05-09-1.json");
        assertThat(third.getFileName()).hasToString("w-Kafka-2025-01-31-13-05-09-2.json");
        assertThat(Files.readAllBytes(first)).isEqualTo(firstContent);
        assertThat(ResultFiles.read(first).workload).isEqualTo("first");
        assertThat(ResultFiles.read(second).workload).isEqualTo("second");
        assertThat(ResultFiles.read(third).workload).isEqualTo("third");
    }

    @Test
    void explicitOutputFileGetsASuffixBeforeItsExtensionAndTheRealPathIsReturned(@TempDir Path directory)
            throws Exception {
        Path requested = directory.resolve("out.json");
        Files.writeString(requested, "not ours", StandardCharsets.UTF_8);

        Path written = ResultFiles.writeTo(resultFor("run"), requested);

        assertThat(written).isEqualTo(directory.resolve("out-1.json"));
        assertThat(Files.readString(requested)).isEqualTo("not ours");
        assertThat(ResultFiles.read(written).workload).isEqualTo("run");
    }

    @Test
    void explicitOutputFileWithoutExtensionGetsTheSuffixAtTheEnd(@TempDir Path directory) throws Exception {
        Path requested = directory.resolve("result");

        Path first = ResultFiles.writeTo(resultFor("a"), requested);
        Path second = ResultFiles.writeTo(resultFor("b"), requested);

        assertThat(first).isEqualTo(requested);
        assertThat(second).isEqualTo(directory.resolve("result-1"));
    }

    @Test
    void explicitOutputFileKeepsTheCallersRelativeForm() throws Exception {
        Path requested = Path.of("target", "result-file-test", "relative-" + System.nanoTime() + ".json");
        try {
            Path written = ResultFiles.writeTo(resultFor("a"), requested);

            assertThat(written).isEqualTo(requested).isRelative();
        } finally {
            Files.deleteIfExists(requested);
        }
    }

    @Test
    void missingOutputDirectoriesAreCreated(@TempDir Path directory) throws Exception {
        Path nested = directory.resolve("results").resolve("2025");

        Path written = ResultFiles.write(resultFor("a"), nested, "w", "Kafka", SampleResults.START);

        assertThat(written.getParent()).isEqualTo(nested);
        assertThat(written).exists();
    }

    @ParameterizedTest(name = "hard links: {0}")
    @ValueSource(booleans = {true, false})
    void bothWaysOfClaimingANameLeaveCompleteFilesAndNoTemporaryFiles(boolean hardLinks, @TempDir Path directory)
            throws Exception {
        byte[] existing = "{ }\n".getBytes(StandardCharsets.UTF_8);
        Files.write(directory.resolve("r.json"), existing);

        Path written = ResultFiles.writeNew(
                "{ \"workload\" : \"x\" }\n".getBytes(StandardCharsets.UTF_8), directory, "r", ".json", hardLinks);

        assertThat(written).isEqualTo(directory.resolve("r-1.json"));
        assertThat(Files.readAllBytes(directory.resolve("r.json"))).isEqualTo(existing);
        assertThat(ResultFiles.read(written).workload).isEqualTo("x");
        assertThat(listNames(directory)).containsExactlyInAnyOrder("r.json", "r-1.json");
    }

    @Test
    void concurrentWritersOfTheSameNameEachGetTheirOwnCompleteFile(@TempDir Path directory) throws Exception {
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Path>> futures = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                TestResult result = resultFor("writer-" + i);
                Callable<Path> write = () -> {
                    start.await();
                    return ResultFiles.write(result, directory, "w", "Kafka", SampleResults.START);
                };
                futures.add(pool.submit(write));
            }
            start.countDown();

            Set<Path> files = new HashSet<>();
            Set<String> workloads = new HashSet<>();
            for (Future<Path> future : futures) {
                Path file = future.get();
                files.add(file);
                workloads.add(ResultFiles.read(file).workload);
            }

            assertThat(files).hasSize(writers);
            assertThat(workloads).hasSize(writers);
            assertThat(listNames(directory))
                    .hasSize(writers)
                    .allSatisfy(name -> assertThat(name).endsWith(".json"));
        } finally {
            pool.shutdownNow();
        }
    }

    private static TestResult resultFor(String workload) {
        TestResult result = SampleResults.twoPeriodRun();
        result.workload = workload;
        return result;
    }

    private static List<String> listNames(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).toList();
        }
    }
}
