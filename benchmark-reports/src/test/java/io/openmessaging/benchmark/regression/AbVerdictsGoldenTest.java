package io.openmessaging.benchmark.regression;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.abtest.AbAnalysis;
import io.openmessaging.benchmark.abtest.AbFixtures;
import io.openmessaging.benchmark.abtest.AbRunsDirectory;
import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdictsFiles;
import io.openmessaging.benchmark.compare.Threshold;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An A/B comparison of fixed synthetic runs (5 a side, B's latencies tripled, one B run failed) with a
 * threshold, against golden files: the JSON ({@code ab-verdicts.json}) and the table {@code bin/regression}
 * prints. The JSON reads back to the same verdicts.
 */
class AbVerdictsGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/abtest");

    @TempDir
    Path directory;

    private AbVerdicts verdicts() throws IOException {
        Random random = new Random(2024);
        AbFixtures.write(directory, "A-3.9.1", AbFixtures.results(5, random, 1.0, 1.0));
        AbFixtures.write(directory, "B-4.4.0", AbFixtures.results(6, random, 3.0, 1.0));
        Files.writeString(directory.resolve("B-4.4.0/run-06/benchmark.exit"), "143\n");
        AbRunsDirectory runs = AbRunsDirectory.read(directory);
        return AbGate.apply(
                new AbAnalysis().compare(runs.labelA(), runs.runsA(), runs.labelB(), runs.runsB()),
                List.of(Threshold.parse("endToEndResponseTime.p99=+10%"), Threshold.parse("publishRate.avg=-5%")));
    }

    @Test
    void theJsonMatchesItsGoldenFileAndReadsBack() throws IOException {
        AbVerdicts verdicts = verdicts();
        StringWriter json = new StringWriter();
        AbVerdictsFiles.write(verdicts, json);

        assertGolden(json.toString(), "ab-verdicts.json");
        Path file = directory.resolve(AbVerdictsFiles.FILE_NAME);
        AbVerdictsFiles.write(verdicts, file);
        assertThat(AbVerdictsFiles.isAbVerdicts(file)).isTrue();
        assertThat(AbVerdictsFiles.read(file)).isEqualTo(verdicts);
    }

    @Test
    void theTableMatchesItsGoldenFile() throws IOException {
        StringWriter table = new StringWriter();
        new AbTable().writeOut(verdicts(), table);

        assertGolden(table.toString(), "ab-table.txt");
    }

    private static void assertGolden(String actual, String goldenName) throws IOException {
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "actual-" + goldenName), actual, StandardCharsets.UTF_8);
        String expected = Files.readString(GOLDEN.resolve(goldenName), StandardCharsets.UTF_8);
        assertThat(actual)
                .as("golden file %s (actual output in target/actual-%s)", goldenName, goldenName)
                .isEqualTo(expected);
    }
}
