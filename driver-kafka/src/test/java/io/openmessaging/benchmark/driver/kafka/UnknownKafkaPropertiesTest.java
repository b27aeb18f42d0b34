package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.result.ResultFiles;
import io.openmessaging.benchmark.testing.CommandLineRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A property of {@code commonConfig}, {@code producerConfig} or {@code consumerConfig} that no Kafka client
 * of its block defines is a warning naming the file, the line, the block and the closest defined name: {@code
 * validate} prints it and still accepts the file, a run prints it before it starts and records it in its
 * result, and the property is passed on.
 */
class UnknownKafkaPropertiesTest {

    private static final String COMMON = "commonConfig: |\n  bootstrap.servers=127.0.0.1:19092\n";

    private static KafkaDriverConfig parse(String yaml) throws DriverException {
        return KafkaDriverConfig.parse(yaml, "test.yaml", KafkaDriverDefaults.KAFKA);
    }

    @Test
    void aMisspeltProducerPropertyIsAWarningWithTheNameItWasMeantToBe() throws Exception {
        KafkaDriverConfig config = parse(COMMON + "producerConfig: |\n  acks=all\n  lingr.ms=5\n");

        assertThat(config.configWarnings())
                .containsExactly("test.yaml:5:3: key 'producerConfig' sets property 'lingr.ms', which is not a"
                        + " property the Kafka producer defines (did you mean 'linger.ms'?); it is passed on as given,"
                        + " and only a plugin that reads keys of its own (an interceptor, a callback handler) would"
                        + " use it");
        assertThat(config.producerProperties()).containsEntry("lingr.ms", "5");
    }

    @Test
    void aMisspeltCommonPropertyIsMatchedAgainstEveryClientsNames() throws Exception {
        assertThat(parse(COMMON + "  securty.protocol=PLAINTEXT\n").configWarnings())
                .containsExactly("test.yaml:3:3: key 'commonConfig' sets property 'securty.protocol', which is not a"
                        + " property the Kafka client defines (did you mean 'security.protocol'?); it is passed on as"
                        + " given, and only a plugin that reads keys of its own (an interceptor, a callback handler)"
                        + " would use it");
    }

    @Test
    void aConsumerPropertyInProducerConfigAndAProducerPropertyInConsumerConfigAreWarnings() throws Exception {
        KafkaDriverConfig config =
                parse(COMMON + "producerConfig: |\n  auto.offset.reset=earliest\nconsumerConfig: |\n  linger.ms=1\n");

        assertThat(config.configWarnings())
                .containsExactly(
                        "test.yaml:4:3: key 'producerConfig' sets property 'auto.offset.reset', which is a consumer"
                                + " property, which the producers do not read; set it in consumerConfig or"
                                + " commonConfig",
                        "test.yaml:6:3: key 'consumerConfig' sets property 'linger.ms', which is a producer property,"
                                + " which the consumers do not read; set it in producerConfig or commonConfig");
    }

    @Test
    void aPropertyOfAnyOneClientInCommonConfigIsNoWarning() throws Exception {
        String yaml = COMMON + "  linger.ms=1\n  group.id=g\n  bootstrap.controllers=127.0.0.1:9093\n";

        assertThat(parse(yaml).configWarnings()).isEmpty();
    }

    @Test
    void propertiesTheClientReadsByPrefixAndTheDriversOwnCommitLingerAreNoWarning() throws Exception {
        String yaml = COMMON
                + "  metrics.context.team=benchmarks\n"
                + "  config.providers=env\n"
                + "  config.providers.env.class=org.apache.kafka.common.config.provider.EnvVarConfigProvider\n"
                + "consumerConfig: |\n  offsetCommitLingerMs=10\n";

        assertThat(parse(yaml).configWarnings()).isEmpty();
    }

    @Test
    void anInterceptorsOwnKeyIsAWarningNeverAnError() throws Exception {
        KafkaDriverConfig config = parse(COMMON + "producerConfig: |\n  monitoring.interceptor.topic=metrics\n");

        assertThat(config.configWarnings())
                .singleElement()
                .asString()
                .startsWith("test.yaml:4:3: key 'producerConfig' sets property 'monitoring.interceptor.topic', which is"
                        + " not a property the Kafka producer defines; it is passed on as given");
        assertThat(config.producerProperties()).containsEntry("monitoring.interceptor.topic", "metrics");
    }

    @Test
    void noShippedKafkaDriverFileSetsAPropertyTheClientDoesNotDefine() throws Exception {
        for (Path file : KafkaDriverConfigTest.shippedYamls(Path.of("."), "kafka-")) {
            KafkaDriverConfig config =
                    KafkaDriverConfig.parse(Files.readString(file), file.toString(), KafkaDriverDefaults.KAFKA);
            assertThat(config.configWarnings()).as(file.toString()).isEmpty();
        }
    }

    @Test
    void validatePrintsTheWarningAndAcceptsTheFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(
                dir.resolve("kafka-lingr.yaml"),
                "name: Kafka\ndriver: kafka\n" + COMMON + "producerConfig: |\n  lingr.ms=1\n");
        CommandLineRun cli = new CommandLineRun();

        assertThat(cli.run("validate", file.toString())).as(cli.stderr()).isZero();

        assertThat(cli.stderr())
                .startsWith("warning: " + file + ":6:3: key 'producerConfig' sets property 'lingr.ms', which is not a"
                        + " property the Kafka producer defines (did you mean 'linger.ms'?)");
        assertThat(cli.stdout()).isEqualTo("1 file(s) valid, with 1 warning(s)\n");
    }

    @Test
    void aRunPrintsTheWarningOnceBeforeItStartsAndRecordsItInTheResult(@TempDir Path dir) throws Exception {
        // nothing listens on port 1: the run fails at once, and still writes its result
        Path file = Files.writeString(
                dir.resolve("kafka-lingr.yaml"),
                "name: Kafka\ndriver: kafka\ninitializeTimeoutMs: 500\n"
                        + "commonConfig: |\n  bootstrap.servers=127.0.0.1:1\nproducerConfig: |\n  lingr.ms=1\n");
        Path results = dir.resolve("results");
        CommandLineRun cli = new CommandLineRun();

        cli.run("-d", file.toString(), "--output-dir", results.toString(), "../workloads/quick-start.yaml");

        String warning = file + ":7:3: key 'producerConfig' sets property 'lingr.ms', which is not a property the"
                + " Kafka producer defines (did you mean 'linger.ms'?); it is passed on as given, and only a plugin"
                + " that reads keys of its own (an interceptor, a callback handler) would use it";
        assertThat(cli.stderr()).startsWith("warning: " + warning + "\n");
        assertThat(cli.stderr().split("warning: ", -1)).as(cli.stderr()).hasSize(2);
        List<Path> written;
        try (Stream<Path> files = Files.list(results)) {
            written = files.filter(f -> f.toString().endsWith(".json")).toList();
        }
        assertThat(written).singleElement();
        assertThat(ResultFiles.read(written.get(0)).metadata.configWarnings).containsExactly(warning);
    }
}
