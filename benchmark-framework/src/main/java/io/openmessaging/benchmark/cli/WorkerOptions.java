package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options that name remote workers and their token, one definition for every command that talks to
 * workers ({@code bin/benchmark} runs and sweeps, {@code bin/benchmark stop}), included with JCommander's
 * {@code @ParametersDelegate}.
 */
final class WorkerOptions {

    @Parameter(
            names = {"-w", "--workers"},
            description = "Worker URLs, comma-separated (distributed mode)")
    List<String> workers = new ArrayList<>();

    @Parameter(
            names = {"-wf", "--workers-file"},
            description = "YAML file listing worker URLs (distributed mode)")
    String workersFile;

    @Parameter(
            names = "--token-file",
            description = "File with the workers' bearer token (default: the " + WorkerServer.TOKEN_ENV
                    + " environment variable)")
    String tokenFile;

    /** Whether both {@code --workers} and {@code --workers-file} were given (a usage error). */
    boolean bothGiven() {
        return !workers.isEmpty() && workersFile != null;
    }

    /** Whether neither was given (in-process for a run; a usage error for {@code stop}). */
    boolean noneGiven() {
        return workers.isEmpty() && workersFile == null;
    }

    /** The worker URLs: those of {@code --workers-file} when given, else {@code --workers} (maybe none). */
    List<String> urls() throws IOException {
        return workersFile != null ? WorkersFile.read(Path.of(workersFile)) : workers;
    }

    /** The token: from {@code --token-file}, else the environment ({@link WorkerToken#read}). */
    String token() throws IOException {
        return WorkerToken.read(tokenFile, System.getenv());
    }
}
