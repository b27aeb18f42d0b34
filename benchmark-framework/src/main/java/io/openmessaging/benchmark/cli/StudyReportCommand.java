package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.studyrun.StudyComparison;
import io.openmessaging.benchmark.studyrun.StudyReportContent;
import io.openmessaging.benchmark.studyrun.StudyReportHtml;
import io.openmessaging.benchmark.studyrun.StudyReportMarkdown;
import io.openmessaging.benchmark.studyrun.StudyRunFiles;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import io.openmessaging.benchmark.sweep.SweepSummaryFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code bin/benchmark study report DIR [--study-file FILE]}: reads the study run record of {@code DIR}
 * ({@value StudyRunFiles#RECORD_FILE_NAME}, written by {@code bin/benchmark study run}), the study file and
 * each run's result file, and writes {@value #MARKDOWN_FILE} and {@value #HTML_FILE} into {@code DIR}: every
 * published figure beside the measured one, the claims and whether each holds here, the statistics not
 * published as numbers, and the setup differences. A previous report of its own is replaced; any other file
 * of that name is kept and the report gets {@code -1}, {@code -2}, … as {@code bin/benchmark report} does.
 */
final class StudyReportCommand {

    static final String ACTION = "report";
    static final String USAGE = "usage: bin/benchmark study report DIR [--study-file FILE]";
    static final String MARKDOWN_FILE = "study-report.md";
    static final String HTML_FILE = "study-report.html";

    private StudyReportCommand() {}

    /** Runs {@code study report} with {@code args} (after {@code report}); the studies are {@code project}'s. */
    static int run(List<String> args, PrintStream out, PrintStream err, Path project) {
        String directoryArgument = null;
        String studyFileArgument = null;
        for (int i = 0; i < args.size(); i++) {
            String argument = args.get(i);
            if (argument.equals("--help") || argument.equals("-h")) {
                out.println(USAGE);
                out.println("  DIR                the directory of a study run (it holds "
                        + StudyRunFiles.RECORD_FILE_NAME + ", written by bin/benchmark study run)");
                out.println(
                        "  --study-file FILE  the study file (default: the one the record names, in " + project + ")");
                out.println("Writes DIR/" + MARKDOWN_FILE + " and DIR/" + HTML_FILE
                        + ": each published figure beside the measured one, the claims, the setup differences.");
                return Benchmark.EXIT_OK;
            }
            if (argument.equals("--study-file")) {
                if (i + 1 == args.size()) {
                    err.println("error: --study-file needs a file (a studies/NAME/study.yaml)");
                    err.println(USAGE);
                    return Benchmark.EXIT_USAGE;
                }
                studyFileArgument = args.get(++i);
            } else if (argument.startsWith("-")) {
                err.println("error: unknown option '" + argument + "' of study report; the option is --study-file");
                err.println(USAGE);
                return Benchmark.EXIT_USAGE;
            } else if (directoryArgument != null) {
                err.println("error: study report takes one directory, got '" + directoryArgument + "' and '" + argument
                        + "'");
                err.println(USAGE);
                return Benchmark.EXIT_USAGE;
            } else {
                directoryArgument = argument;
            }
        }
        if (directoryArgument == null) {
            err.println("error: give the directory of a study run (it holds " + StudyRunFiles.RECORD_FILE_NAME
                    + ", written by bin/benchmark study run)");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        Path directory = Path.of(directoryArgument);
        Path recordFile = StudyRunFiles.recordFile(directory);
        if (!Files.isDirectory(directory) || !Files.isRegularFile(recordFile)) {
            err.println("error: "
                    + (Files.isDirectory(directory) ? recordFile + " does not exist" : directory + " is no directory")
                    + "; give the directory of a study run, which holds "
                    + StudyRunFiles.RECORD_FILE_NAME + " and the result files it names (bin/benchmark study run"
                    + " writes them)");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        StudyRunRecord record;
        try {
            record = StudyRunFiles.read(recordFile);
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
        Path studyFile = studyFileArgument != null
                ? Path.of(studyFileArgument)
                : record.studyFile != null
                        ? project.resolve(record.studyFile)
                        : StudyLoader.fileOf(project, String.valueOf(record.study));
        if (!Files.isRegularFile(studyFile)) {
            err.println("error: the study file " + studyFile + " does not exist; give it with --study-file"
                    + " (the record names study '" + record.study + "')");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        Study study;
        try {
            study = StudyLoader.load(studyFile, project);
        } catch (ConfigException e) {
            e.problems().forEach(problem -> err.println("error: " + problem));
            return Benchmark.EXIT_FAILED;
        }
        if (record.study != null && !record.study.equals(study.name())) {
            err.println("error: " + recordFile + " is a run of study '" + record.study + "', not of '" + study.name()
                    + "' (" + studyFile + "); give that study's file with --study-file");
            return Benchmark.EXIT_USAGE;
        }
        StudyComparison comparison;
        try {
            comparison = StudyComparison.of(study, record, directory, project);
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
        List<StudyReportContent.Block> blocks = StudyReportContent.of(comparison);
        try {
            Path markdown = write(
                    StudyReportMarkdown.render(blocks),
                    directory.resolve(MARKDOWN_FILE),
                    StudyReportMarkdown.MARKER,
                    err);
            Path html =
                    write(StudyReportHtml.render(blocks), directory.resolve(HTML_FILE), StudyReportHtml.MARKER, err);
            out.println(study.name() + ": " + StudyReportContent.summary(comparison));
            out.println("wrote " + markdown);
            out.println("wrote " + html);
            return Benchmark.EXIT_OK;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
    }

    /**
     * Writes {@code content} to {@code file}, replacing it only when it is a previous report (it holds {@code
     * marker} near its start); any other file is kept and the report gets a new name beside it.
     */
    private static Path write(String content, Path file, String marker, PrintStream err) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        if (Files.isRegularFile(file) && ownReport(file, marker)) {
            SweepSummaryFiles.replaceAtomically(bytes, file);
            return file;
        }
        Path written = ResultFiles.writeWithoutOverwriting(bytes, file);
        if (!written.equals(file)) {
            err.println("note: " + file + " exists and is no study report; kept it and wrote " + written);
        }
        return written;
    }

    private static boolean ownReport(Path file, String marker) throws IOException {
        byte[] head;
        try (var in = Files.newInputStream(file)) {
            head = in.readNBytes(512);
        }
        return new String(head, StandardCharsets.UTF_8).contains(marker);
    }
}
