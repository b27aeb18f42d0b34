package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdictsFiles;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.sweep.SweepSummary;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What {@code bin/benchmark report} was given, sorted out: result files (ours, upstream's, the forks') and
 * sweep summaries ({@code sweep.json}, told apart by their first field, see {@link SweepSummaryFiles#isSweepSummary})
 * and A/B comparisons ({@code ab-verdicts.json}, see {@link AbVerdictsFiles#isAbVerdicts}). A summary brings
 * the result files of its steps, an A/B comparison those of its runs; a directory brings every result,
 * summary and comparison below it.
 *
 * @param runs every result file, each once, in the order given
 * @param sweeps every sweep summary, in the order given
 * @param abTests every A/B comparison, in the order given
 */
public record ReportInputs(List<ReportRun> runs, List<ReportSweep> sweeps, List<ReportAbTest> abTests) {

    /**
     * @throws IOException naming the path when a file is missing or unreadable, or when a sweep's step
     *     result files are all missing
     */
    public static ReportInputs load(List<Path> paths) throws IOException {
        Set<Path> resultFiles = new LinkedHashSet<>();
        List<ReportSweep> sweeps = new ArrayList<>();
        Set<Path> seenSweeps = new LinkedHashSet<>();
        List<ReportAbTest> abTests = new ArrayList<>();
        Set<Path> seenAbTests = new LinkedHashSet<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                for (Path comparison : abTestsBelow(path)) {
                    if (seenAbTests.add(comparison.toAbsolutePath().normalize())) {
                        abTests.add(new ReportAbTest(comparison, AbVerdictsFiles.read(comparison)));
                    }
                }
                for (Path summary : summariesBelow(path)) {
                    if (seenSweeps.add(summary.toAbsolutePath().normalize())) {
                        sweeps.add(new ReportSweep(summary, SweepSummaryFiles.read(summary)));
                    }
                }
                resultFiles.add(path);
            } else {
                ResultFiles.requireRegularFile(path); // a named pipe would block the reads below for ever
                if (SweepSummaryFiles.isSweepSummary(path)) {
                    SweepSummary summary = SweepSummaryFiles.read(path);
                    if (seenSweeps.add(path.toAbsolutePath().normalize())) {
                        sweeps.add(new ReportSweep(path, summary));
                    }
                    resultFiles.addAll(stepFiles(path, summary));
                } else if (AbVerdictsFiles.isAbVerdicts(path)) {
                    AbVerdicts verdicts = AbVerdictsFiles.read(path);
                    if (seenAbTests.add(path.toAbsolutePath().normalize())) {
                        abTests.add(new ReportAbTest(path, verdicts));
                    }
                    resultFiles.addAll(runFiles(path, verdicts));
                } else {
                    resultFiles.add(path);
                }
            }
        }
        return new ReportInputs(ReportRun.load(distinct(resultFiles)), sweeps, abTests);
    }

    private static List<Path> abTestsBelow(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".json"))
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .filter(AbVerdictsFiles::isAbVerdicts)
                    .sorted()
                    .toList();
        }
    }

    /** The result files of the comparison's used runs, named relative to its directory. */
    private static List<Path> runFiles(Path comparisonFile, AbVerdicts verdicts) throws IOException {
        Path directory = comparisonFile.toAbsolutePath().getParent();
        List<Path> files = new ArrayList<>();
        for (AbVerdicts.Side side : List.of(verdicts.a(), verdicts.b())) {
            for (AbVerdicts.Run run : side.runs()) {
                Path file = directory.resolve(run.file());
                if (run.excludedBecause() == null && Files.isRegularFile(file)) {
                    files.add(file);
                }
            }
        }
        if (files.isEmpty()) {
            throw new IOException(comparisonFile + ": the result files of its runs are all missing (they are named in"
                    + " a.runs[].file and b.runs[].file, relative to the comparison)");
        }
        return files;
    }

    private static List<Path> summariesBelow(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".json"))
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .filter(SweepSummaryFiles::isSweepSummary)
                    .sorted()
                    .toList();
        }
    }

    private static List<Path> stepFiles(Path summaryFile, SweepSummary summary) throws IOException {
        Path directory = summaryFile.toAbsolutePath().getParent();
        List<Path> files = new ArrayList<>();
        for (SweepSummary.DriverSweep driver : summary.drivers) {
            for (SweepSummary.Step step : driver.steps) {
                if (step.resultFile != null && Files.isRegularFile(directory.resolve(step.resultFile))) {
                    files.add(directory.resolve(step.resultFile));
                }
            }
        }
        if (files.isEmpty()) {
            throw new IOException(summaryFile + ": the sweep's step result files are all missing (they are named in"
                    + " its steps[].resultFile, relative to the summary)");
        }
        return files;
    }

    /** Directories and files as given, a file already covered by a directory given earlier left out. */
    private static List<Path> distinct(Set<Path> paths) {
        List<Path> kept = new ArrayList<>();
        Set<Path> seen = new LinkedHashSet<>();
        List<Path> directories = paths.stream()
                .filter(Files::isDirectory)
                .map(p -> p.toAbsolutePath().normalize())
                .toList();
        for (Path path : paths) {
            Path normal = path.toAbsolutePath().normalize();
            boolean covered = !Files.isDirectory(path) && directories.stream().anyMatch(normal::startsWith);
            if (!covered && seen.add(normal)) {
                kept.add(path);
            }
        }
        return kept;
    }
}
