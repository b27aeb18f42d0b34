package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing a result and reading it back loses nothing. */
class ResultRoundTripTest {

    @Test
    void everyFieldSurvivesWriteAndRead(@TempDir Path directory) throws Exception {
        TestResult original = SampleResults.twoPeriodRun();

        TestResult readBack =
                ResultFiles.read(ResultFiles.write(original, directory, "w", "Kafka", SampleResults.START));

        assertThat(readBack).usingRecursiveComparison().isEqualTo(original);
        assertThat(readBack.aggregatedPublishDelayLatencyQuantiles.values())
                .allSatisfy(v -> assertThat(v).isInstanceOf(Long.class));
        assertThat(readBack.aggregatedPublishLatencyQuantiles.values())
                .allSatisfy(v -> assertThat(v).isInstanceOf(Double.class));
    }

    @Test
    void confluentFileIsRewrittenWithoutLosingValues(@TempDir Path directory) throws Exception {
        TestResult original =
                ResultFiles.read(ConfluentResultFilesReadTest.fixture("pulsar/throughput/default-sync-raid0.json"));

        TestResult readBack = ResultFiles.read(ResultFiles.writeTo(original, directory.resolve("copy.json")));

        assertThat(readBack).usingRecursiveComparison().isEqualTo(original);
    }

    @Test
    void nonFiniteRatesSurviveWriteAndRead(@TempDir Path directory) throws Exception {
        TestResult original = new TestResult();
        original.publishRate = List.of(Double.NaN, Double.POSITIVE_INFINITY, 1.5);

        Path file = ResultFiles.writeTo(original, directory.resolve("nan.json"));

        assertThat(Files.readString(file)).contains("\"NaN\"");
        assertThat(ResultFiles.read(file).publishRate).containsExactly(Double.NaN, Double.POSITIVE_INFINITY, 1.5);
    }
}
