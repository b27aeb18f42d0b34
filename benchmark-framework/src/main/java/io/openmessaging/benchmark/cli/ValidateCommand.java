package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code bin/benchmark validate FILE…}: checks workload and driver files without running anything. */
final class ValidateCommand implements Subcommand {

    static final String NAME = "validate";
    static final String USAGE = "usage: bin/benchmark validate FILE|DIRECTORY…";

    @Parameter(description = "FILE|DIRECTORY…")
    List<String> files = new ArrayList<>();

    @Parameter(
            names = {"-h", "--help"},
            help = true,
            description = "Show this help")
    boolean help;

    private final DriverRegistry registry;

    ValidateCommand() {
        this(new DriverRegistry());
    }

    /** @param registry the drivers that read driver files: the installed ones, or a test's own */
    ValidateCommand(DriverRegistry registry) {
        this.registry = registry;
    }

    @Override
    public boolean helpRequested() {
        return help;
    }

    @Override
    public int execute(PrintStream out, PrintStream err) {
        if (files.isEmpty()) {
            err.println("error: no file to check: give workload or driver files, or directories of them");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        List<Path> paths = files.stream().map(Path::of).toList();
        if (countFiles(paths) == 0) {
            err.println("error: no workload or driver file to check: " + String.join(", ", files)
                    + (files.size() == 1 ? " holds" : " hold") + " no .yaml or .yml file");
            return Benchmark.EXIT_USAGE;
        }
        Validation.Findings findings = Validation.validate(paths, registry);
        List<String> problems = findings.problems();
        int warnings = findings.warnings().size();
        findings.warnings().forEach(warning -> err.println("warning: " + warning));
        problems.forEach(problem -> err.println("error: " + problem));
        String warned = warnings == 0 ? "" : " and " + warnings + " warning(s)";
        if (!problems.isEmpty()) {
            err.printf("%d problem(s)%s in %d file(s) checked%n", problemCount(problems), warned, countFiles(paths));
            return Benchmark.EXIT_FAILED;
        }
        out.printf(
                "%d file(s) valid%s%n", countFiles(paths), warnings == 0 ? "" : ", with " + warnings + " warning(s)");
        return Benchmark.EXIT_OK;
    }

    /**
     * The problems found: a file's entry holds one line per problem ({@code file:line:column: …}), so a file
     * with six problems counts six, not one (an indented line continues the one before).
     */
    static long problemCount(List<String> problems) {
        return problems.stream()
                .flatMap(String::lines)
                .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
                .count();
    }

    /** Files checked: a directory stands for the YAML files directly in it, as in {@code Validation}. */
    private static long countFiles(List<Path> paths) {
        long count = 0;
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                try (var entries = Files.list(path)) {
                    count += entries.filter(p -> p.toString().endsWith(".yaml")
                                    || p.toString().endsWith(".yml"))
                            .count();
                } catch (IOException e) {
                    count++;
                }
            } else {
                count++;
            }
        }
        return count;
    }
}
