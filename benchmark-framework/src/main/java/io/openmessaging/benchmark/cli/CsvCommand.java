package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import io.openmessaging.benchmark.report.CsvFormat;
import io.openmessaging.benchmark.report.ReportRun;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/benchmark csv RESULT…|DIRECTORY… [-o FILE]}: one CSV row per result file, to standard
 * output or to a new file (never overwritten; a device or named pipe is written as it is, see {@link
 * OutputFile}).
 */
final class CsvCommand implements Subcommand {

    static final String NAME = "csv";
    static final String USAGE = "usage: bin/benchmark csv RESULT.json|DIRECTORY… [-o results.csv]";

    @Parameter(description = "RESULT.json|DIRECTORY…")
    List<String> inputs = new ArrayList<>();

    @Parameter(
            names = {"-o", "--output"},
            description = "CSV file to write instead of standard output (never overwrites)")
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
            List<ReportRun> runs = ReportRun.load(paths);
            if (output == null || OutputFile.isStandardOutput(output)) {
                Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                new CsvFormat().writeOut(runs, writer);
                writer.flush();
                return Benchmark.EXIT_OK;
            }
            StringWriter csv = new StringWriter();
            new CsvFormat().writeOut(runs, csv);
            String written = OutputFile.write(csv.toString().getBytes(StandardCharsets.UTF_8), output, out);
            out.printf("wrote %s (%d row%s)%n", written, runs.size(), runs.size() == 1 ? "" : "s");
            return Benchmark.EXIT_OK;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_FAILED;
        }
    }
}
