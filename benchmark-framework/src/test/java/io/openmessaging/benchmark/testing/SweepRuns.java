package io.openmessaging.benchmark.testing;

import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Runs {@code bin/benchmark sweep} in this JVM, as a user would, and finds the summary it wrote. */
public final class SweepRuns {

    /** What one sweep command line did; {@code summaryFile} and {@code summary} are null when none was written. */
    public record Outcome(int exitCode, String stdout, String stderr, Path summaryFile, SweepSummary summary) {}

    private SweepRuns() {}

    /** Runs {@code bin/benchmark sweep ARGS… --output-dir outputDir}; the newest summary below it is returned. */
    public static Outcome run(Path outputDir, String... args) throws IOException {
        List<Path> before = summaries(outputDir);
        CommandLineRun cli = new CommandLineRun("sweep", "--output-dir", outputDir.toString());
        int exitCode = cli.run(args);
        List<Path> after = new ArrayList<>(summaries(outputDir));
        after.removeAll(before);
        Path summaryFile = after.isEmpty() ? null : after.get(0);
        return new Outcome(
                exitCode,
                cli.stdout(),
                cli.stderr(),
                summaryFile,
                summaryFile == null ? null : SweepSummaryFiles.read(summaryFile));
    }

    private static List<Path> summaries(Path outputDir) throws IOException {
        if (!Files.isDirectory(outputDir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(outputDir)) {
            return walk.filter(file -> file.getFileName().toString().equals(SweepSummaryFiles.SUMMARY_FILE_NAME))
                    .sorted()
                    .toList();
        }
    }
}
