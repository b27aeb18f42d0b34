package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.beust.jcommander.JCommander;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --set KEY=VALUE} takes its value whole, commas included, in {@code bin/benchmark} and in {@code sweep},
 * and the result records it as typed; list options such as {@code --workers} still split at commas.
 */
class SetOptionTest {

    private static final String BROKERS = "driver.commonConfig.bootstrap.servers=h1:9092,h2:9092";
    private static final String STEPS = "producerRateSteps=[{rate: 400, duration: 1s}, {rate: 800, duration: 1s}]";

    @TempDir
    Path dir;

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void theRunCommandKeepsACommaInsideOneAssignment() {
        RunCommand command = new RunCommand();
        JCommander.newBuilder().addObject(command).build().parse("--set", BROKERS, "--set", STEPS, "w.yaml");

        assertThat(command.assignments).containsExactly(BROKERS, STEPS);
    }

    @Test
    void theSweepCommandKeepsACommaInsideOneAssignment() {
        SweepCommand command = new SweepCommand();
        JCommander.newBuilder()
                .addObject(command)
                .build()
                .parse("--partitions", "1,2", "-d", "d.yaml", "--set", BROKERS, "w.yaml");

        assertThat(command.run.assignments).containsExactly(BROKERS);
    }

    @Test
    void workersAndDriversStillSplitAtCommas() {
        RunCommand command = new RunCommand();
        JCommander.newBuilder()
                .addObject(command)
                .build()
                .parse("--workers", "http://a:8080,http://b:8080", "-d", "x.yaml,y.yaml", "w.yaml");

        assertThat(command.workerOptions.workers).containsExactly("http://a:8080", "http://b:8080");
        assertThat(command.drivers).containsExactly("x.yaml", "y.yaml");
    }

    @Test
    void aYamlListGivenWithSetRunsAndIsRecordedAsTyped() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                sampleRateMillis: 500
                warmupDuration: 0s
                """);

        BenchmarkRuns.Outcome outcome =
                BenchmarkRuns.run(dir, "-d", "../driver-loopback/loopback.yaml", "--set", STEPS, workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(Benchmark.EXIT_OK);
        assertThat(outcome.result().rateSteps)
                .extracting(step -> step.targetRateMsgPerSec)
                .containsExactly(400.0, 800.0);
        assertThat(outcome.result().metadata.commandLine).containsSubsequence("--set", STEPS);
    }

    @Test
    void theResultRecordsTheWorkloadAsItRanAndItsTargetRate() throws Exception {
        String file = """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 10000
                sampleRateMillis: 500
                warmupDuration: 0s
                testDuration: 1s
                """;
        Path workload = Files.writeString(dir.resolve("w.yaml"), file);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir, "-d", "../driver-loopback/loopback.yaml", "--set", "producerRate=20000", workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(Benchmark.EXIT_OK);
        var result = outcome.result();
        assertThat(result.targetRate).isEqualTo(20000.0);
        assertThat(result.metadata.workloadYaml)
                .contains("# (--set) producerRate: 10000\n")
                .endsWith("# --set, as given on the command line:\nproducerRate: 20000\n");
        assertThat(io.openmessaging.benchmark.workload.WorkloadLoader.parse(result.metadata.workloadYaml, "ran.yaml")
                        .producerRate())
                .isEqualTo(20000.0);
        assertThat(result.metadata.workloadFileYaml).isEqualTo(file);
    }

    @Test
    void aSweepAppliesTheWorkloadAssignmentsToEveryStep() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 500
                sampleRateMillis: 500
                warmupDuration: 0s
                testDuration: 1s
                """);

        int exitCode = cli.run(
                "sweep",
                "--partitions",
                "1,2",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.resolve("results").toString(),
                "--set",
                "messageSize=200",
                workload.toString());

        assertThat(exitCode).as(cli.stderr()).isEqualTo(Benchmark.EXIT_OK);
        try (var files = Files.walk(dir.resolve("results"))) {
            List<Path> steps = files.filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().equals("sweep.json"))
                    .toList();
            assertThat(steps).hasSize(2);
            for (Path step : steps) {
                var result = io.openmessaging.benchmark.result.ResultFiles.read(step);
                assertThat(result.messageSize).as(step.toString()).isEqualTo(200);
                assertThat(result.metadata.commandLine).containsSubsequence("--set", "messageSize=200");
            }
        }
    }

    @Test
    void aSweepRefusesASetOfTheKeyItSweeps() {
        int exitCode = cli.run(
                "sweep",
                "--rates",
                "100,200",
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.resolve("results").toString(),
                "--set",
                "producerRate=300",
                "w.yaml");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .startsWith("error: --set producerRate=300: the sweep sets producerRate at every step (--rates)");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void aConflictWithAnAssignmentNamesTheAssignmentNotLineMinusOne() {
        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.toString(),
                "--set",
                "existingProduceTopicList=[orders]",
                "../workloads/quick-start.yaml");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("existing ones are given (existingProduceTopicList on --set existingProduceTopicList=…)")
                .contains("existingProduceTopicList (--set existingProduceTopicList=…) has no existingConsumeTopicList")
                .doesNotContain("line -1");
    }

    @Test
    void aRatePlanGivenWithSetOverAFileWithARateNamesBothPlaces() {
        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.toString(),
                "--set",
                "producerRateSteps=[{rate: 10, duration: 1m}]",
                "../workloads/quick-start.yaml");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(cli.stderr())
                .contains("producerRate (line 18) and producerRateSteps (--set producerRateSteps=…) both set the"
                        + " producer rate")
                .doesNotContain("line -1");
    }

    @ParameterizedTest(name = "--set {0}")
    @ValueSource(strings = {"=5000", "producerRate", " =1", "driver.", "driver.linger.ms", "driver..x=1"})
    void anAssignmentThatIsNotKeyEqualsValueIsAUsageErrorOfOneLine(String assignment) {
        int exitCode = cli.run(
                "-d",
                "../driver-loopback/loopback.yaml",
                "--output-dir",
                dir.toString(),
                "--set",
                assignment,
                "../workloads/quick-start.yaml");

        assertThat(exitCode).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr()).startsWith("error: --set ").contains("expected ");
        assertThat(cli.stderr().lines()).hasSize(1);
    }
}
