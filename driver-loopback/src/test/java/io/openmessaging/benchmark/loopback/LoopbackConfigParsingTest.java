package io.openmessaging.benchmark.loopback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.loopback.LoopbackStall.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LoopbackConfigParsingTest {

    private static final String FILE = "loopback-test.yaml";

    @Test
    void emptyFileGivesDefaults() throws Exception {
        assertThat(LoopbackConfig.fromYaml("", FILE)).isEqualTo(LoopbackConfig.defaults());
        assertThat(LoopbackConfig.defaults().timingMode()).isEqualTo(TimingMode.IMMEDIATE);
    }

    @Test
    void everySettingAndTheFrameworkKeysAreRead() throws Exception {
        LoopbackConfig config = LoopbackConfig.fromYaml("""
                name: Loopback
                driver: loopback
                driverClass: io.openmessaging.benchmark.loopback.LoopbackDriver
                ackDelayMicros: 250
                deliveryDelayMicros: 1000
                topicPrefix: lb
                synchronousDelays: true
                maxHeldMessages: 5000
                stalls:
                  - startAfterMillis: 1000
                    durationMillis: 200
                    kind: BLOCK_SEND
                  - {startAfterMillis: 3000, durationMillis: 50, kind: FREEZE}
                """, FILE);

        assertThat(config)
                .isEqualTo(new LoopbackConfig(
                        250,
                        1000,
                        "lb",
                        List.of(
                                new LoopbackStall(1000, 200, Kind.BLOCK_SEND),
                                new LoopbackStall(3000, 50, Kind.FREEZE)),
                        true,
                        5000));
        assertThat(config.timingMode()).isEqualTo(TimingMode.INLINE_DELAYS);
    }

    @Test
    void unknownKeyNamesFileLineKeyAndAllowedKeys() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                name: Loopback
                driver: loopback
                ackDelayMillis: 5
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessage(FILE + ":3:1: unknown key 'ackDelayMillis' (did you mean 'ackDelayMicros'?); allowed keys:"
                        + " name, driver, driverClass, ackDelayMicros, deliveryDelayMicros, topicPrefix, stalls,"
                        + " synchronousDelays, maxHeldMessages, maxSendRateMsgPerSec, faults");
    }

    @Test
    void unknownStallKeyNamesTheStallAndItsAllowedKeys() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                stalls:
                  - startAfterMillis: 10
                    durationMillis: 20
                    kind: FREEZE
                  - startAfterMillis: 10
                    lengthMillis: 20
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(FILE + ":6:")
                .hasMessageEndingWith(
                        "stalls[1]: unknown key 'lengthMillis'; allowed keys: startAfterMillis, durationMillis, kind");
    }

    @Test
    void stallWithoutEveryKeyIsRejected() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                stalls:
                  - startAfterMillis: 10
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(FILE + ":2:")
                .hasMessageContaining("stalls[0]: missing key 'durationMillis'")
                .hasMessageEndingWith("Expected an integer number of ms from 1 to 31536000000.");
    }

    @Test
    void unknownStallKindListsTheKinds() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                stalls:
                  - {startAfterMillis: 10, durationMillis: 5, kind: PAUSE}
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(FILE + ":2:")
                .hasMessageEndingWith("stalls[0].kind: found 'PAUSE', expected one of BLOCK_SEND, FREEZE, FAIL_SEND");
    }

    @Test
    void outOfRangeValueNamesKeyLineAndRange() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                ackDelayMicros: 0
                deliveryDelayMicros: -5
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessage(FILE + ":2:22: deliveryDelayMicros: found -5, expected an integer number of µs from 0 to"
                        + " 3600000000");
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                stalls:
                  - startAfterMillis: 10
                    durationMillis: 0
                    kind: FREEZE
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(FILE + ":3:")
                .hasMessageEndingWith(
                        "stalls[0].durationMillis: found 0, expected an integer number of ms from 1 to 31536000000");
    }

    @Test
    void valueOfTheWrongTypeIsRejected() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("ackDelayMicros: 1.5\n", FILE))
                .hasMessage(FILE + ":1:17: ackDelayMicros: found 1.5, expected an integer number of µs from 0 to"
                        + " 3600000000 (a whole number)");
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("maxHeldMessages: lots\n", FILE))
                .hasMessageContaining("maxHeldMessages: found 'lots', expected an integer number of messages");
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("synchronousDelays: 1\n", FILE))
                .hasMessageContaining("synchronousDelays: found 1, expected true or false");
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("stalls: FREEZE\n", FILE))
                .hasMessageContaining("stalls: found 'FREEZE', expected a list of {startAfterMillis, durationMillis,"
                        + " kind} stalls");
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("topicPrefix: [a, b]\n", FILE))
                .hasMessageContaining("topicPrefix: found a list, expected text");
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("- ackDelayMicros: 1\n", FILE))
                .hasMessage(FILE + ":1:1: expected a mapping of 'key: value' lines at the top level, found a list");
    }

    @Test
    void repeatedKeyIsRejected() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                ackDelayMicros: 1
                ackDelayMicros: 2
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(FILE + ":2:")
                .hasMessageContaining("ackDelayMicros");
    }

    @Test
    void malformedYamlNamesTheLine() {
        assertThatThrownBy(() -> LoopbackConfig.fromYaml("""
                ackDelayMicros: 1
                stalls: [
                """, FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageStartingWith(FILE + ":");
    }

    @Test
    void codeBuiltConfigIsCheckedByTheSameRules() {
        assertThatThrownBy(() -> LoopbackConfig.defaults().withAckDelayMicros(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ackDelayMicros must be between 0 and");
        assertThatThrownBy(() -> LoopbackConfig.defaults().withTopicPrefix(" "))
                .hasMessageContaining("topicPrefix must be a non-empty name");
        assertThatThrownBy(() -> new LoopbackStall(-1, 10, Kind.FREEZE))
                .hasMessageContaining("startAfterMillis must be between 0 and");
    }

    @Test
    void timingModeFollowsDelaysFreezesAndSynchronousDelays() {
        LoopbackConfig defaults = LoopbackConfig.defaults();
        assertThat(defaults.withStalls(List.of(new LoopbackStall(0, 1, Kind.BLOCK_SEND)))
                        .timingMode())
                .isEqualTo(TimingMode.IMMEDIATE);
        assertThat(defaults.withStalls(List.of(new LoopbackStall(0, 1, Kind.FREEZE)))
                        .timingMode())
                .isEqualTo(TimingMode.SCHEDULER);
        assertThat(defaults.withAckDelayMicros(1).timingMode()).isEqualTo(TimingMode.SCHEDULER);
        assertThat(defaults.withDeliveryDelayMicros(1).timingMode()).isEqualTo(TimingMode.SCHEDULER);
        assertThat(defaults.withDeliveryDelayMicros(1)
                        .withSynchronousDelays(true)
                        .timingMode())
                .isEqualTo(TimingMode.INLINE_DELAYS);
    }

    @Test
    void configureReplacesTheSettingsOnlyBeforeInitialize() throws Exception {
        LoopbackDriver driver = new LoopbackDriver(new io.openmessaging.benchmark.driver.ManualClock());
        driver.configure("topicPrefix: configured\n", FILE);
        assertThat(driver.topicNamePrefix()).isEqualTo("configured");
        driver.initialize();
        assertThatThrownBy(() -> driver.configure("", FILE))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("before initialize()");
        driver.close();
    }

    @Test
    void everyExampleFileInDriverLoopbackLoads() throws IOException, DriverException {
        Path folder = Path.of("..", "driver-loopback");
        List<Path> files;
        try (Stream<Path> listing = Files.list(folder)) {
            files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            LoopbackConfig config = LoopbackConfig.fromYaml(Files.readString(file), file.toString());
            assertThat(config).as(file.toString()).isNotNull();
        }
    }
}
