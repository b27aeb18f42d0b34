package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed golden file pins the exact bytes a result is written as (field order, number
 * formats, units, indentation), so any change to the format shows up as a diff in review.
 *
 * <p>After an intended format change, replace {@code src/test/resources/result/golden/two-period-run.json}
 * with the file this test writes (its path is in the failure message) and review the diff.
 */
class GoldenResultFileTest {

    private static final String GOLDEN = "/result/golden/two-period-run.json";

    @Test
    void writtenResultMatchesTheGoldenFileByteForByte(@TempDir Path directory) throws Exception {
        Path written = ResultFiles.write(SampleResults.twoPeriodRun(), directory, "w", "Kafka", SampleResults.START);

        assertThat(Files.readString(written)).as("written to " + written).isEqualTo(Files.readString(golden()));
    }

    @Test
    void goldenFileReadsBackAsTheResultItWasWrittenFrom() throws Exception {
        TestResult readBack = ResultFiles.read(golden());

        assertThat(readBack).usingRecursiveComparison().isEqualTo(SampleResults.twoPeriodRun());
    }

    private static Path golden() throws Exception {
        URL url = GoldenResultFileTest.class.getResource(GOLDEN);
        assertThat(url).as("test resource " + GOLDEN).isNotNull();
        return Path.of(url.toURI());
    }
}
