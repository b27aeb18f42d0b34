package io.openmessaging.benchmark.driver.redpanda;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RedpandaBenchmarkDriverTest {

    private static KafkaDriverConfig shipped(String file) throws Exception {
        return KafkaDriverConfig.parse(Files.readString(Path.of(file)), file, RedpandaBenchmarkDriver.REDPANDA);
    }

    @Test
    void providerIsFoundByIdAndForkClassName() {
        List<DriverProvider> providers = ServiceLoader.load(DriverProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .collect(Collectors.toList());
        assertThat(providers).extracting(DriverProvider::id).contains("kafka", "redpanda");
        DriverProvider redpanda = providers.stream()
                .filter(p -> p.id().equals("redpanda"))
                .findFirst()
                .orElseThrow();
        assertThat(redpanda.driverClassAliases()).contains(RedpandaBenchmarkDriver.class.getName());
        assertThat(redpanda.create()).isInstanceOf(RedpandaBenchmarkDriver.class);
    }

    @Test
    void everyShippedYamlParsesWithoutWarnings() throws Exception {
        List<String> files;
        try (Stream<Path> list = Files.list(Path.of("."))) {
            files = list.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("redpanda-") && n.endsWith(".yaml"))
                    .sorted()
                    .collect(Collectors.toList());
        }
        assertThat(files)
                .containsExactly("redpanda-ack-1.yaml", "redpanda-ack-all-linger-1ms.yaml", "redpanda-ack-all.yaml");
        for (String file : files) {
            KafkaDriverConfig config = shipped(file);
            assertThat(config.replicationFactor()).as(file).contains((short) 3);
            assertThat(config.configWarnings()).as(file).isEmpty();
            assertThat(config.topicConfigs()).as(file).containsEntry("min.insync.replicas", "2");
            assertThat(config.producerProperties())
                    .as(file)
                    .containsEntry("linger.ms", "1")
                    .containsEntry("batch.size", "131072");
            assertThat(config.consumerProperties("g"))
                    .as(file)
                    .containsEntry("max.partition.fetch.bytes", "131072")
                    .containsEntry("auto.offset.reset", "earliest")
                    .containsEntry("enable.auto.commit", "false");
        }
    }

    @Test
    void ackAllFlushesEveryMessageAndAck1AcknowledgesAtTheLeader() throws Exception {
        KafkaDriverConfig ackAll = shipped("redpanda-ack-all.yaml");
        assertThat(ackAll.producerProperties()).containsEntry("acks", "all");
        assertThat(ackAll.topicConfigs()).containsEntry("flush.messages", "1").containsEntry("flush.ms", "0");
        assertThat(shipped("redpanda-ack-1.yaml").producerProperties()).containsEntry("acks", "1");
        KafkaDriverConfig linger = shipped("redpanda-ack-all-linger-1ms.yaml");
        assertThat(linger.producerProperties()).containsEntry("acks", "all");
        assertThat(linger.topicConfigs()).doesNotContainKeys("flush.messages", "flush.ms");
    }

    @Test
    void redpandaDefaultsApplyWhereTheFileSetsNothing() throws Exception {
        KafkaDriverConfig bare = KafkaDriverConfig.parse(
                "commonConfig: |\n  bootstrap.servers=rp:9092\n", "bare.yaml", RedpandaBenchmarkDriver.REDPANDA);
        assertThat(bare.producerProperties())
                .containsEntry("acks", "all")
                .containsEntry("linger.ms", "1")
                .containsEntry("batch.size", "131072");
        assertThat(bare.consumerProperties("g"))
                .containsEntry("auto.offset.reset", "earliest")
                .containsEntry("enable.auto.commit", "false")
                .containsEntry("max.partition.fetch.bytes", "131072");
        assertThat(bare.offsetCommitLingerMs()).isEqualTo(5_000);
        assertThat(bare.topicConfigs()).isEmpty();

        KafkaDriverConfig overridden = KafkaDriverConfig.parse("""
                offsetCommitLingerMs: 50
                commonConfig: |
                  bootstrap.servers=rp:9092
                producerConfig: |
                  acks=1
                """, "set.yaml", RedpandaBenchmarkDriver.REDPANDA);
        assertThat(overridden.producerProperties()).containsEntry("acks", "1");
        assertThat(overridden.offsetCommitLingerMs()).isEqualTo(50);
    }

    @Test
    void describeUsesTheRedpandaId() throws Exception {
        RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
        driver.configure("commonConfig: |\n  bootstrap.servers=rp:9092\n", "bare.yaml");
        Map<String, String> facts = driver.describe();
        assertThat(facts).containsEntry("redpanda.offsetCommitLingerMs", "5000").containsKey("redpanda.clientVersion");
    }
}
