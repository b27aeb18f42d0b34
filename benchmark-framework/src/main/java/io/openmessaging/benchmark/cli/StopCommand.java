package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.openmessaging.benchmark.worker.http.HttpWorkerClient;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/benchmark stop --workers URL,…|--workers-file FILE [--token-file FILE]}: an operator's stop of
 * the runs in progress on the workers, whichever coordinator started them (one whose coordinator is gone,
 * say). Each worker stops its load, closes the run and is idle again; one line per worker says what it did.
 * Exit 0 when every worker answered, 1 when one could not be reached or refused.
 */
final class StopCommand implements Subcommand {

    static final String NAME = "stop";
    static final String USAGE = "usage: bin/benchmark stop --workers URL,…|--workers-file FILE [--token-file FILE]";

    @ParametersDelegate
    WorkerOptions workerOptions = new WorkerOptions();

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
        if (workerOptions.bothGiven() || workerOptions.noneGiven()) {
            err.println("error: give the workers to stop with either --workers or --workers-file");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        List<String> urls;
        String token;
        try {
            urls = workerOptions.urls();
            token = workerOptions.token();
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return Benchmark.EXIT_USAGE;
        }
        List<HttpWorkerClient> clients = new ArrayList<>();
        for (String url : urls) {
            try {
                clients.add(new HttpWorkerClient(url, token, "stop", "stop"));
            } catch (IllegalArgumentException e) {
                err.println("error: " + e.getMessage());
                return Benchmark.EXIT_USAGE;
            }
        }
        int failures = 0;
        for (HttpWorkerClient client : clients) {
            try {
                out.println(client.id() + ": " + (client.forceStop() ? "run stopped; idle" : "was idle"));
            } catch (IOException e) {
                failures++;
                err.println(client.id() + ": not stopped: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                err.println("interrupted");
                return Benchmark.EXIT_INTERRUPTED;
            }
        }
        return failures == 0 ? Benchmark.EXIT_OK : Benchmark.EXIT_FAILED;
    }
}
