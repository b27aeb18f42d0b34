package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark stop}: an operator's stop of the runs on a list of workers. */
class StopCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "stop";
        System.arraycopy(args, 0, all, 1, args.length);
        return Benchmark.run(
                all,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    @Test
    void withoutWorkersItIsAUsageError() {
        assertThat(run()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
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

            int exit = run("--workers", live + "," + gone, "--token-file", token.toString());

            assertThat(exit).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(out.toString(StandardCharsets.UTF_8)).contains(live + ": was idle");
            assertThat(err.toString(StandardCharsets.UTF_8)).contains(gone + ": not stopped: worker " + gone);
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

            assertThat(run("--workers", live, "--token-file", token.toString())).isEqualTo(Benchmark.EXIT_FAILED);
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("HTTP 401");
        } finally {
            server.close();
        }
    }
}
