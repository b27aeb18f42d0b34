package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every YAML file anywhere under {@code workloads/}, study folders included, passes {@code bin/benchmark
 * validate} (the same {@link Benchmark#run} code path, one file at a time so a failure names the file).
 */
class ShippedWorkloadFilesTest {

    private static final Path WORKLOADS = Path.of("..", "workloads");

    @Test
    void everyYamlFileUnderWorkloadsValidates() throws IOException {
        List<Path> files = yamlFilesUnder(WORKLOADS);

        assertThat(files)
                .extracting(file -> WORKLOADS.relativize(file).toString().replace('\\', '/'))
                .contains(
                        "simple-workload.yaml",
                        "1-topic-100-partitions-1kb-4p-4c-2000k.yaml",
                        "backlog-1-topic-16-partitions-1kb.yaml",
                        "max-rate-1-topic-16-partitions-1kb.yaml",
                        "confluent-2020/1-topic-100-partitions-1kb-4-producers-1000k-rate.yaml",
                        "confluent-2020/rabbitmq/1-topic-100-partitions-1kb-4-producers-10k-rate.yaml",
                        "pulsar-latency-2019/1-topic-16-partition-100b.yaml",
                        "redpanda-2022/1-topic-288-partitions-1000mb-2p-2c.yaml");
        for (Path file : files) {
            CommandLineRun cli = new CommandLineRun();
            int exit = cli.run("validate", file.toString());

            assertThat(exit).as(file + ": " + cli.stderr()).isEqualTo(Benchmark.EXIT_OK);
            assertThat(cli.stdout()).as(file.toString()).contains("1 file(s) valid");
        }
    }

    @Test
    void everyStudyFolderHasAReadmeAndTheIndexNamesIt() throws IOException {
        String index = Files.readString(WORKLOADS.resolve("README.md"));
        try (Stream<Path> children = Files.list(WORKLOADS)) {
            List<Path> folders = children.filter(Files::isDirectory).sorted().toList();
            assertThat(folders).isNotEmpty();
            for (Path folder : folders) {
                String name = folder.getFileName().toString();
                assertThat(folder.resolve("README.md")).as(name).isRegularFile();
                assertThat(index).as("workloads/README.md indexes " + name).contains("`" + name + "/`");
            }
        }
    }

    private static List<Path> yamlFilesUnder(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file ->
                            file.toString().endsWith(".yaml") || file.toString().endsWith(".yml"))
                    .sorted()
                    .toList();
        }
    }
}
