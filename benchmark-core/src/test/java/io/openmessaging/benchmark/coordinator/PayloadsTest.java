package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The payload pool a workload asks for: randomized pools, payload files and payload directories. */
class PayloadsTest {

    private static final String COMMON = """
            topics: 1
            partitionsPerTopic: 1
            producersPerTopic: 1
            producerRate: 1000
            testDuration: 1m
            """;

    @TempDir
    Path dir;

    @Test
    void randomizedPoolHasTheAskedSizeAndRandomPrefixFollowedByZeros() throws Exception {
        List<byte[]> pool = Payloads.forWorkload(workload(COMMON + """
                messageSize: 1000
                useRandomizedPayloads: true
                randomBytesRatio: 0.3
                randomizedPayloadPoolSize: 50
                """));

        assertThat(pool).hasSize(50).allMatch(payload -> payload.length == 1000);
        Set<String> distinct = new HashSet<>();
        for (byte[] payload : pool) {
            distinct.add(new String(payload, 0, 300, java.nio.charset.StandardCharsets.ISO_8859_1));
            int nonZeroInPrefix = 0;
            for (int i = 0; i < 300; i++) {
                nonZeroInPrefix += payload[i] != 0 ? 1 : 0;
            }
            // 300 uniform random bytes: about 299 non-zero; fewer than 270 has probability far below 1e-20
            assertThat(nonZeroInPrefix).isGreaterThan(270);
            for (int i = 300; i < 1000; i++) {
                assertThat(payload[i]).as("byte %d", i).isZero();
            }
        }
        assertThat(distinct).hasSize(50);
    }

    @Test
    void randomizedPoolIsTheSameOnEveryRun() throws Exception {
        String yaml = COMMON + "messageSize: 64\nuseRandomizedPayloads: true\nrandomBytesRatio: 1\n"
                + "randomizedPayloadPoolSize: 3\n";

        List<byte[]> first = Payloads.forWorkload(workload(yaml));
        List<byte[]> second = Payloads.forWorkload(workload(yaml));

        for (int i = 0; i < 3; i++) {
            assertThat(second.get(i)).isEqualTo(first.get(i));
        }
    }

    @Test
    void withoutPayloadKeysOnePayloadOfRandomBytes() throws Exception {
        List<byte[]> pool = Payloads.forWorkload(workload(COMMON + "messageSize: 256\n"));

        assertThat(pool).hasSize(1);
        assertThat(pool.get(0)).hasSize(256);
        assertThat(new HashSet<>(asList(pool.get(0))).size()).isGreaterThan(100);
    }

    @Test
    void payloadFileIsSentAsIs() throws Exception {
        byte[] bytes = "hello, broker".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Path file = Files.write(dir.resolve("payload.data"), bytes);

        List<byte[]> pool = Payloads.forWorkload(workload(COMMON + "payloadFile: " + file + "\n"));

        assertThat(pool).hasSize(1);
        assertThat(pool.get(0)).isEqualTo(bytes);
    }

    @Test
    void relativePayloadFileIsFoundBesideTheWorkloadFile() throws Exception {
        Files.createDirectories(dir.resolve("payload"));
        Files.write(dir.resolve("payload/p.data"), new byte[] {1, 2, 3});
        Path workloadFile =
                Files.writeString(dir.resolve("w.yaml"), COMMON + "messageSize: 3\npayloadFile: payload/p.data\n");

        List<byte[]> pool = Payloads.forWorkload(WorkloadLoader.load(workloadFile));

        assertThat(pool.get(0)).containsExactly(1, 2, 3);
    }

    @Test
    void aDeviceAsPayloadFileIsRefusedInsteadOfExhaustingMemory() {
        assertThatThrownBy(() -> Payloads.forWorkload(workload(COMMON + "payloadFile: /dev/zero\n")))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("payloadFile '/dev/zero' cannot be read")
                .hasMessageContaining("/dev/zero is not a regular file (a device, a named pipe or a socket); a payload"
                        + " file must be one");
    }

    @Test
    void payloadsAboveAQuarterOfTheHeapAreRefusedBeforeAnyIsMade() throws Exception {
        long heap = 640L << 20;
        String pool = COMMON + "messageSize: 1048576\nuseRandomizedPayloads: true\nrandomizedPayloadPoolSize: 1000\n";
        assertThatThrownBy(() -> Payloads.forWorkload(workload(pool), heap))
                .isInstanceOf(RunFailedException.class)
                .hasMessageEndingWith("the payloads take 1,000 MiB (1,000 × messageSize 1,048,576 bytes), more than"
                        + " a quarter of the 640 MiB heap; lower messageSize or randomizedPayloadPoolSize, or give the"
                        + " JVM more heap (HEAP_OPTS, e.g. -Xmx4g)");
        assertThatThrownBy(() -> Payloads.forWorkload(workload(COMMON + "messageSize: 2000000000\n"), heap))
                .hasMessageContaining("the payloads take 1,907 MiB (1 × messageSize 2,000,000,000 bytes)")
                .hasMessageEndingWith("lower messageSize, or give the JVM more heap (HEAP_OPTS, e.g. -Xmx4g)");
        assertThat(Payloads.forWorkload(workload(COMMON + "messageSize: 1048576\n"), 4L << 20))
                .as("exactly a quarter of a 4 MiB heap")
                .singleElement()
                .satisfies(p -> assertThat(p).hasSize(1 << 20));
    }

    @Test
    void payloadFileOfAnotherSizeThanMessageSizeFails() throws Exception {
        Path file = Files.write(dir.resolve("payload.data"), new byte[10]);

        assertThatThrownBy(
                        () -> Payloads.forWorkload(workload(COMMON + "messageSize: 11\npayloadFile: " + file + "\n")))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("payload.data")
                .hasMessageContaining("10 bytes")
                .hasMessageContaining("messageSize is 11");
    }

    @Test
    void missingPayloadFileFailsNamingIt() {
        assertThatThrownBy(() -> Payloads.forWorkload(workload(COMMON + "payloadFile: no/such/file.data\n")))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("payloadFile 'no/such/file.data' was found nowhere; looked")
                .hasMessageContaining("in the current directory ("
                        + Path.of("no/such/file.data").toAbsolutePath() + ")");
    }

    @Test
    void payloadDirectoryMakesOnePayloadPerFileInNameOrderSkippingHiddenFilesAndSubdirectories() throws Exception {
        Path payloads = Files.createDirectories(dir.resolve("payloads"));
        Files.write(payloads.resolve("b.json"), "{\"b\":2}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Files.write(payloads.resolve("a.json"), "{\"a\":1}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Files.write(payloads.resolve(".hidden"), "ignored".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Files.createDirectories(payloads.resolve("nested"));
        Files.write(payloads.resolve("nested/c.json"), "{\"c\":3}".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        List<byte[]> pool = Payloads.forWorkload(workload(COMMON + "messageSize: 7\npayloadFile: " + payloads + "\n"));

        assertThat(pool)
                .extracting(bytes -> new String(bytes, java.nio.charset.StandardCharsets.UTF_8))
                .containsExactly("{\"a\":1}", "{\"b\":2}");
    }

    @Test
    void payloadDirectoryWithoutMessageSizeTakesTheFilesSize() throws Exception {
        Path payloads = Files.createDirectories(dir.resolve("payloads"));
        Files.write(payloads.resolve("1"), new byte[] {1, 1});
        Files.write(payloads.resolve("2"), new byte[] {2, 2});

        List<byte[]> pool = Payloads.forWorkload(workload(COMMON + "payloadFile: " + payloads + "\n"));

        assertThat(pool).hasSize(2);
        assertThat(pool.get(1)).containsExactly(2, 2);
    }

    @Test
    void emptyPayloadDirectoryFails() throws Exception {
        Path payloads = Files.createDirectories(dir.resolve("empty"));
        Files.write(payloads.resolve(".keep"), new byte[1]);

        assertThatThrownBy(() -> Payloads.forWorkload(workload(COMMON + "payloadFile: " + payloads + "\n")))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("empty")
                .hasMessageContaining("holds no payload files");
    }

    @Test
    void payloadDirectoryWithMixedSizesFailsNamingBothFiles() throws Exception {
        Path payloads = Files.createDirectories(dir.resolve("mixed"));
        Files.write(payloads.resolve("a"), new byte[4]);
        Files.write(payloads.resolve("b"), new byte[5]);

        assertThatThrownBy(() -> Payloads.forWorkload(workload(COMMON + "payloadFile: " + payloads + "\n")))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("'a' has 4 bytes")
                .hasMessageContaining("'b' has 5")
                .hasMessageContaining("same size");
    }

    @Test
    void payloadDirectoryFileOfAnotherSizeThanMessageSizeFailsNamingTheFile() throws Exception {
        Path payloads = Files.createDirectories(dir.resolve("sized"));
        Files.write(payloads.resolve("ok"), new byte[8]);
        Files.write(payloads.resolve("short"), new byte[6]);

        assertThatThrownBy(() ->
                        Payloads.forWorkload(workload(COMMON + "messageSize: 8\npayloadFile: " + payloads + "\n")))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("short")
                .hasMessageContaining("6 bytes")
                .hasMessageContaining("messageSize is 8");
    }

    private static Workload workload(String yaml) throws Exception {
        return WorkloadLoader.parse(yaml, "test.yaml");
    }

    private static List<Byte> asList(byte[] bytes) {
        List<Byte> list = new java.util.ArrayList<>(bytes.length);
        for (byte b : bytes) {
            list.add(b);
        }
        return list;
    }
}
