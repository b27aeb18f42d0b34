package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started with a token refuses a coordinator that gives another token, or none: the run says the
 * worker refused the token and where to look, not that the worker cannot be reached.
 */
class WrongTokenRunIT {

    @TempDir
    Path dir;

    private WorkerServer worker;
    private String url;

    @BeforeEach
    void startWorker() throws Exception {
        worker = new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), "the-token", null);
        worker.start();
        url = "http://127.0.0.1:" + worker.address().getPort();
    }

    @AfterEach
    void stopWorker() throws Exception {
        worker.close();
    }

    @Test
    void aWrongTokenIsNamedAsTheTokenNotAsAnUnreachableWorker() throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "another-token\n");

        BenchmarkRuns.Outcome outcome = run("--token-file", token.toString());

        assertThat(outcome.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(outcome.stderr())
                .contains("error: worker " + url + " refused the token (HTTP 401): check --token-file (or"
                        + " OMB_WORKER_TOKEN): it must hold the token the worker was started with\n")
                .doesNotContain("not reachable");
    }

    @Test
    void noTokenIsNamedAsMissing() throws Exception {
        BenchmarkRuns.Outcome outcome = run();

        assertThat(outcome.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(outcome.stderr())
                .contains("error: worker " + url + " requires a token (HTTP 401) and none was given: pass the"
                        + " worker's token file with --token-file (or the token in OMB_WORKER_TOKEN)\n")
                .doesNotContain("not reachable");
    }

    private BenchmarkRuns.Outcome run(String... tokenOptions) throws Exception {
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), "name: Loopback\ndriver: loopback\n");
        Path workload = BenchmarkRuns.workload(dir, "token", 1, 1, 1, 100, "0s", "1s", 1000);
        List<String> args = new ArrayList<>(List.of("-d", driver.toString()));
        args.addAll(List.of(tokenOptions));
        args.addAll(List.of("-w", url, workload.toString()));
        return BenchmarkRuns.run(dir, args.toArray(new String[0]));
    }
}
