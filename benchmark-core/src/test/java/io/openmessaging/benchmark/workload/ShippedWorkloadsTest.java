package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The top-level {@code workloads/} directory doubles as documented examples: every file must load. */
class ShippedWorkloadsTest {

    private static final Path WORKLOADS = Path.of("..", "workloads");

    @Test
    void everyShippedWorkloadLoads() throws Exception {
        List<Path> files;
        try (var listing = Files.list(WORKLOADS)) {
            files = listing.filter(file -> file.toString().endsWith(".yaml"))
                    .sorted()
                    .toList();
        }
        assertThat(files)
                .extracting(file -> file.getFileName().toString())
                .contains(
                        "1-topic-1-partition-100b.yaml",
                        "1-topic-1-partition-1kb.yaml",
                        "1-topic-16-partitions-1kb.yaml",
                        "1-topic-100-partitions-1kb.yaml",
                        "simple-workload.yaml",
                        "quick-start.yaml");
        for (Path file : files) {
            Workload workload = WorkloadLoader.load(file);
            assertThat(workload.producersTotal()).as(file.toString()).isPositive();
        }
    }

    @Test
    void quickStartIsShortAndModest() throws Exception {
        Workload workload = WorkloadLoader.load(WORKLOADS.resolve("quick-start.yaml"));

        assertThat(workload.topics()).isEqualTo(1);
        assertThat(workload.partitionsPerTopic()).isEqualTo(16);
        assertThat(workload.messageSize()).isEqualTo(1024);
        assertThat(workload.producersTotal()).isEqualTo(1);
        assertThat(workload.consumersTotal()).isEqualTo(1);
        assertThat(workload.producerRate()).isEqualTo(10_000.0);
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(workload.testDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(workload.sampleRateMillis()).isEqualTo(1000);
    }

    @Test
    void upstreamNamedWorkloadsKeepUpstreamSettings() throws Exception {
        Workload hundred = WorkloadLoader.load(WORKLOADS.resolve("1-topic-100-partitions-1kb.yaml"));
        assertThat(hundred.partitionsPerTopic()).isEqualTo(100);
        assertThat(hundred.subscriptionsPerTopic()).isEqualTo(1);
        assertThat(hundred.producersTotal()).isEqualTo(1);
        assertThat(hundred.consumersTotal()).isEqualTo(1);
        assertThat(hundred.producerRate()).isEqualTo(50_000.0);
        assertThat(hundred.testDuration()).isEqualTo(Duration.ofMinutes(15));
        assertThat(hundred.warmupDuration()).isEqualTo(Duration.ofMinutes(1));

        Workload simple = WorkloadLoader.load(WORKLOADS.resolve("simple-workload.yaml"));
        assertThat(simple.partitionsPerTopic()).isEqualTo(10);
        assertThat(simple.producerRate()).isEqualTo(10_000.0);
        assertThat(simple.testDuration()).isEqualTo(Duration.ofMinutes(5));

        assertThat(WorkloadLoader.load(WORKLOADS.resolve("1-topic-1-partition-100b.yaml"))
                        .messageSize())
                .isEqualTo(100);
    }
}
