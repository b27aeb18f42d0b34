package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ClockOffset;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slow link, for real: 2 ms each way on the broker's link (toxiproxy in the broker's namespace), two
 * workers in namespaces of their own. The delay must show in the latencies, and the clock offsets the
 * coordinator measured over the bridge must be in the result.
 */
class DelayedBrokerLinkIT {
    @TempDir
    Path dir;

    @Test
    void twoMillisecondsEachWayShowInTheLatenciesAndTheClockOffsetsAreRecorded() throws Exception {
        LocalCluster cluster = LocalCluster.shared();
        cluster.reset();
        cluster.cluster("delay", "broker", "2ms");
        Path workload = BenchmarkRuns.workload(dir, "delayed-broker-link", 4, 1, 1, 500, "2s", "8s", 1000);

        LocalCluster.Run run = cluster.benchmark(dir, workload, line -> {});

        assertThat(run.exitCode()).as(run.output()).isZero();
        TestResult result = run.result();
        assertThat(result.complete).isTrue();
        // a produce request crosses the link in and its answer out: 2 x 2 ms; so do a message (in, with its
        // produce request) and the fetch answer that carries it (out)
        assertThat(result.aggregatedPublishLatency50pct)
                .as("publish latency p50, ms")
                .isGreaterThanOrEqualTo(4.0);
        assertThat(result.aggregatedEndToEndLatency50pct)
                .as("end-to-end latency p50, ms")
                .isGreaterThanOrEqualTo(4.0);
        assertThat(result.metadata.clockOffsets)
                .extracting(ClockOffset::worker)
                .contains(cluster.workerUrl(1), cluster.workerUrl(2));
        for (ClockOffset offset : result.metadata.clockOffsets) {
            // one machine, one clock: what an NTP-style estimate over a real link must find
            assertThat(offset.errorBoundNanos()).as("%s", offset).isPositive();
            assertThat(Math.abs(offset.offsetNanos())).as("%s", offset).isLessThanOrEqualTo(offset.errorBoundNanos());
        }
        System.out.printf(
                "delay 2 ms each way: publish latency p50 %.3f ms, end-to-end latency p50 %.3f ms, clock offsets %s%n",
                result.aggregatedPublishLatency50pct,
                result.aggregatedEndToEndLatency50pct,
                result.metadata.clockOffsets);
    }
}
