package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.UpstreamPayloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every payloadFile upstream's and the forks' workload files name (the core's {@code upstream-payloads.txt})
 * resolves, from a workload file copied anywhere, to this repository's {@code payload/} file of the same
 * size: when the benchmark is started in the repository's root, and when it is started elsewhere by a
 * {@code bin/benchmark} installed there.
 */
class UpstreamPayloadReferencesTest {

    private static final Path ROOT = UpstreamPayloads.repositoryRoot();

    @TempDir
    Path copiedTo;

    @TempDir
    Path elsewhere;

    @Test
    void upstreamWorkloadsNameAtLeastTheTwoCommonPayloads() {
        assertThat(UpstreamPayloads.namedByWorkloads())
                .extracting(UpstreamPayloads.Entry::path)
                .contains("payload/payload-100b.data", "payload/payload-1Kb.data");
    }

    @Test
    void everyUpstreamReferenceResolvesFromTheRepositoryRoot() throws Exception {
        PayloadSearch startedInTheRoot = new PayloadSearch(ROOT, Optional.empty());

        for (UpstreamPayloads.Entry entry : UpstreamPayloads.namedByWorkloads()) {
            Workload copied = copiedWorkload(entry);

            assertThat(startedInTheRoot.resolve(copied)).isEqualTo(ROOT.resolve(entry.path()));
            assertPayloadHasUpstreamsSize(PayloadFiles.read(copied, startedInTheRoot), entry);
        }
    }

    @Test
    void everyUpstreamReferenceResolvesFromTheInstallationRootWhenStartedElsewhere() throws Exception {
        PayloadSearch startedElsewhere = new PayloadSearch(elsewhere, Optional.of(ROOT));

        for (UpstreamPayloads.Entry entry : UpstreamPayloads.namedByWorkloads()) {
            Workload copied = copiedWorkload(entry);

            assertThat(startedElsewhere.resolve(copied)).isEqualTo(ROOT.resolve(entry.path()));
            assertPayloadHasUpstreamsSize(PayloadFiles.read(copied, startedElsewhere), entry);
        }
    }

    @Test
    void everyPayloadFileOfUpstreamsFolderIsShippedWithItsSize() throws Exception {
        for (UpstreamPayloads.Entry entry : UpstreamPayloads.all()) {
            assertThat(Files.size(ROOT.resolve(entry.path()))).as(entry.path()).isEqualTo(entry.bytes());
        }
    }

    /** An upstream-style workload naming {@code entry}, with upstream's keys, written outside the repository. */
    private Workload copiedWorkload(UpstreamPayloads.Entry entry) throws Exception {
        String name = Path.of(entry.path()).getFileName().toString().replace(".data", ".yaml");
        Path file = Files.writeString(copiedTo.resolve(name), """
                name: 1 topic / 1 partition / %1$d bytes
                topics: 1
                partitionsPerTopic: 1
                keyDistributor: "NO_KEY"
                messageSize: %1$d
                payloadFile: "%2$s"
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 50000
                consumerBacklogSizeGB: 0
                testDurationMinutes: 15
                """.formatted(entry.bytes(), entry.path()));
        return WorkloadLoader.load(file);
    }

    private static void assertPayloadHasUpstreamsSize(List<byte[]> payloads, UpstreamPayloads.Entry entry) {
        assertThat(payloads)
                .as(entry.path())
                .singleElement()
                .satisfies(payload -> assertThat(payload).hasSize(entry.bytes()));
    }
}
