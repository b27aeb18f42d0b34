package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.testing.CommandLineRun;
import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark stop}: an operator's stop of the runs on a list of workers. */
class StopCommandTest {

    private final CommandLineRun cli = new CommandLineRun("stop");

    @TempDir
    Path dir;

    @Test
    void withoutWorkersItIsAUsageError() {
        assertThat(cli.run()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .contains("give the workers to stop with either --workers or --workers-file")
                .contains("usage: bin/benchmark stop");
    }

    @Test
    void anIdleWorkerSaysSoAndAnUnreachableOneFailsTheCommandByName() throws Exception {
        WorkerServer server =
                new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), "the-token", null);
        server.start();
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try {
            Path token = Files.writeString(dir.resolve("token"), "the-token\n");
            String live = "http://127.0.0.1:" + server.address().getPort();
            String gone = "http://127.0.0.1:" + closedPort;

            int exit = cli.run("--workers", live + "," + gone, "--token-file", token.toString());

            assertThat(exit).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(cli.stdout()).contains(live + ": was idle");
            assertThat(cli.stderr()).contains(gone + ": not stopped: worker " + gone);
        } finally {
            server.close();
        }
    }

    @Test
    void aWrongTokenIsRefusedAndNamed() throws Exception {
        WorkerServer server =
                new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), "the-token", null);
        server.start();
        try {
            Path token = Files.writeString(dir.resolve("token"), "another-token\n");
            String live = "http://127.0.0.1:" + server.address().getPort();

            assertThat(cli.run("--workers", live, "--token-file", token.toString()))
                    .isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(cli.stderr()).contains("HTTP 401");
        } finally {
            server.close();
        }
    }
}
