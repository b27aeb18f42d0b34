package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FloorOptionsTest {

    @Test
    void defaultsAreIssue25sScenario() {
        FloorOptions options = FloorOptions.parse("--driver", "d.yaml");

        assertThat(options).isEqualTo(new FloorOptions(Path.of("d.yaml"), 1, 16, 1024, 10_000, 1, 1, 60, 120, 100));
    }

    @Test
    void everyOptionIsRead() {
        FloorOptions options = FloorOptions.parse(
                "--rate",
                "50000",
                "--topics",
                "2",
                "--partitions",
                "4",
                "--message-size",
                "100",
                "--producers",
                "3",
                "--consumers",
                "5",
                "--warmup-seconds",
                "0",
                "--duration-seconds",
                "7",
                "--wake-interval-micros",
                "0",
                "--driver",
                "x.yaml");

        assertThat(options).isEqualTo(new FloorOptions(Path.of("x.yaml"), 2, 4, 100, 50_000, 3, 5, 0, 7, 0));
    }

    @Test
    void badCommandLinesNameTheOptionAndTheValue() {
        assertThatThrownBy(() -> FloorOptions.parse("--rate", "1000"))
                .hasMessage("--driver FILE is required (the driver YAML the benchmark runs with)");
        assertThatThrownBy(() -> FloorOptions.parse("--driver", "d.yaml", "--rate", "0"))
                .hasMessage("--rate must be a whole number > 0, got '0'");
        assertThatThrownBy(() -> FloorOptions.parse("--driver", "d.yaml", "--partitions", "many"))
                .hasMessage("--partitions must be a whole number > 0, got 'many'");
        assertThatThrownBy(() -> FloorOptions.parse("--driver", "d.yaml", "--warmup-seconds", "-1"))
                .hasMessage("--warmup-seconds must be a whole number >= 0, got '-1'");
        assertThatThrownBy(() -> FloorOptions.parse("--driver", "d.yaml", "--message-size", "3000000000"))
                .hasMessage("--message-size must be a whole number > 0, got '3000000000'");
        assertThatThrownBy(() -> FloorOptions.parse("--driver", "d.yaml", "--speed", "1"))
                .hasMessage("unknown option '--speed'");
        assertThatThrownBy(() -> FloorOptions.parse("--driver")).hasMessage("option --driver needs a value");
    }
}
