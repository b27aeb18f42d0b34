package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import io.openmessaging.benchmark.worker.DriverRegistry;
import io.openmessaging.benchmark.workload.Validation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code bin/benchmark validate FILE…}: checks workload and driver files without running anything. */

final class ValidateCommand implements Subcommand {

    static final String NAME = "validate";
    static final String USAGE = "usage: bin/benchmark validate FILE|DIRECTORY…";

    @Parameter(description = "FILE…", required = true)
    List<String> files = new ArrayList<>();

    @Parameter(names = {"-h", "--help"}, help = true, description = "Show this help")
    boolean help;

    @Override
    public boolean helpRequested() {
        return help;
    }

    @Override
    public int execute(PrintStream out, PrintStream err) {
        List<Path> paths = files.stream().map(Path::of).toList();
        List<String> problems = Validation.validate(paths, new DriverRegistry());
        problems.forEach(problem -> err.println("error: " + problem));
        if (!problems.isEmpty()) {
            err.printf("%d of %d file(s) invalid%n", problems.size(), paths.size());
            return Benchmark.EXIT_FAILED;
        }
        out.printf("%d file(s) valid%n", paths.size());
        return Benchmark.EXIT_OK;
    }
}
