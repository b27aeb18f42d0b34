package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's {@code -o} names a file in a directory: the run writes its result there and five .hlog files
 * beside it, named after it. Standard output, a device, a named pipe and a name in /dev are refused before
 * anything runs, with exit 2 and one line; before, {@code -o /dev/stdout} wrote {@code /dev/stdout-1} and
 * five .hlog files into /dev (as root), and so did {@code -o /dev/null}. No test here writes into /dev: on
 * the old code only the cases in the temporary directory (a named pipe, a link to /dev/null) may run.
 */
@Timeout(60) // a safety net: a run that wrote into a named pipe would wait for a reader for ever
class RunOutputTargetsTest {

    private static final String ADVICE =
            ": a run writes a result file and 5 .hlog files beside it; give a file in a directory, e.g. -o"
                    + " results/run.json\n";

    private final CommandLineRun cli = new CommandLineRun();

    @TempDir
    Path dir;

    private Path workload;

    @BeforeEach
    void writeWorkload() throws IOException {
        workload = Files.writeString(dir.resolve("w.yaml"), """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 100
                sampleRateMillis: 500
                warmupDuration: 0s
                testDuration: 1s
                """);
    }

    private int run(String output) {
        return cli.run("-d", "../driver-loopback/loopback.yaml", "-o", output, workload.toString());
    }

    private List<String> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aNamedPipeIsRefusedAndNothingIsWrittenBesideIt() throws Exception {
        Path fifo = dir.resolve("result.json");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();

        int exitCode = run(fifo.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .isEqualTo("error: -o " + fifo + " is a named pipe (FIFO), not a regular file" + ADVICE);
        assertThat(filesIn(dir)).containsExactly("result.json", "w.yaml");
    }

    @Test
    void aLinkToADeviceIsRefusedAndNothingIsWrittenBesideIt() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("out.json"), Path.of("/dev/null"));

        int exitCode = run(link.toString());

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).isEqualTo("error: -o " + link + " is a character device, not a regular file" + ADVICE);
        assertThat(filesIn(dir)).containsExactly("out.json", "w.yaml");
    }

    @Test
    void devNullIsRefusedAndDevIsLeftAsItWas() throws Exception {
        List<String> before = filesIn(Path.of("/dev"));

        int exitCode = run("/dev/null");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).isEqualTo("error: -o /dev/null is a character device, not a regular file" + ADVICE);
        assertThat(filesIn(Path.of("/dev"))).isEqualTo(before);
    }

    @Test
    void standardOutputIsRefused() throws Exception {
        List<String> before = filesIn(Path.of("/dev"));

        int exitCode = run("/dev/stdout");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).isEqualTo("error: -o /dev/stdout is standard output" + ADVICE);
        assertThat(Path.of("/dev/stdout-1")).doesNotExist();
        assertThat(filesIn(Path.of("/dev"))).isEqualTo(before);
    }

    @Test
    void aNewNameInDevIsRefused() throws Exception {
        int exitCode = run("/dev/omb-run-output-test.json");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .isEqualTo("error: -o /dev/omb-run-output-test.json is in /dev, where the kernel's files are" + ADVICE);
        assertThat(Path.of("/dev/omb-run-output-test.json")).doesNotExist();
    }

    @Test
    void aFileInADirectoryStillRuns() throws Exception {
        int exitCode = run(dir.resolve("out/run.json").toString());

        assertThat(exitCode).as(cli.stderr()).isEqualTo(Benchmark.EXIT_OK);
        assertThat(dir.resolve("out/run.json")).isRegularFile();
        assertThat(filesIn(dir.resolve("out"))).hasSize(6);
    }
}
