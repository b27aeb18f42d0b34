package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import io.openmessaging.benchmark.report.HtmlReport;
import io.openmessaging.benchmark.report.ReportInputs;
import io.openmessaging.benchmark.report.ReportRun;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/benchmark report RESULT…|DIRECTORY… [-o report.html]}: one self-contained HTML report of
 * the given result files (ours, upstream's or a fork's) and sweep summaries ({@code sweep.json}, which bring
 * their steps' results and add the sweep charts). Never overwrites: an existing file gets
 * {@code -1}, {@code -2}, … before {@code .html}; {@code -o /dev/stdout} writes to standard output and a
 * device or named pipe is written as it is ({@link OutputFile}).
 */
final class ReportCommand implements Subcommand {

    static final String NAME = "report";
    static final String USAGE = "usage: bin/benchmark report RESULT.json|sweep.json|DIRECTORY… [-o report.html]";
    static final String DEFAULT_FILE_NAME = "report.html";

    @Parameter(description = "RESULT.json|sweep.json|DIRECTORY…")
    List<String> inputs = new ArrayList<>();

    @Parameter(
            names = {"-o", "--output"},
            description =
                    "HTML file to write (default: report.html beside the first result, or in it if it is a directory; never overwrites)")
    String output;

    @Parameter(
            names = {"-h", "--help"},
            help = true,
            description = "Show this help")
    boolean help;

    @Override
    public boolean helpRequested() {
        return help;
    }

    @Override
    public int execute(PrintStream out, PrintStream err) {
        if (inputs.isEmpty()) {
            err.println("error: no result file given");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        List<Path> paths = inputs.stream().map(Path::of).toList();
        String inputProblem = OutputFile.inputProblem(paths);
        if (inputProblem != null) {
            err.println("error: " + inputProblem);
            return Benchmark.EXIT_USAGE;
        }
        try {
            ReportInputs loaded = ReportInputs.load(paths);
            List<ReportRun> runs = loaded.runs();
            StringWriter html = new StringWriter(1 << 20);
            new HtmlReport()
                    .withSweeps(loaded.sweeps())
                    .withAbTests(loaded.abTests())
                    .writeOut(runs, html);
            String target =
                    output != null ? output : defaultOutput(paths.get(0)).toString();
            String written = OutputFile.write(html.toString().getBytes(StandardCharsets.UTF_8), target, out);
            (OutputFile.isStandardOutput(target) ? err : out)
                    .printf(
                            "wrote %s (%d run%s%s%s)%n",
                            written,
                            runs.size(),
                            runs.size() == 1 ? "" : "s",
                            loaded.sweeps().isEmpty()
                                    ? ""
                                    : ", " + loaded.sweeps().size() + " sweep"
                                            + (loaded.sweeps().size() == 1 ? "" : "s"),
                            loaded.abTests().isEmpty()
                                    ? ""
                                    : ", " + loaded.abTests().size() + " A/B comparison"
                                            + (loaded.abTests().size() == 1 ? "" : "s"));
            return Benchmark.EXIT_OK;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
    }

    /** {@code report.html} beside the first result file, or inside the first input if it is a directory. */
    static Path defaultOutput(Path firstInput) {
        if (Files.isDirectory(firstInput)) {
            return firstInput.resolve(DEFAULT_FILE_NAME);
        }
        return firstInput.resolveSibling(DEFAULT_FILE_NAME);
    }
}
