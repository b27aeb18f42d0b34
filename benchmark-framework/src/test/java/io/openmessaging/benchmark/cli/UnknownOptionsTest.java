package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every command rejects an option it does not know with exit code 2 and a suggestion, never "no such file". */
class UnknownOptionsTest {

    private final CommandLineRun cli = new CommandLineRun();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --output-dirr results -d ../driver-loopback/loopback.yaml ../workloads/quick-start.yaml | unknown option '--output-dirr' (did you mean '--output-dir'?)
            --bogus -d ../driver-loopback/loopback.yaml ../workloads/quick-start.yaml                | unknown option '--bogus'
            validate --bogus ../workloads/quick-start.yaml                                           | unknown option '--bogus'
            report --outptu x.html ../workloads                                                      | unknown option '--outptu' (did you mean '--output'?)
            csv --bogus results                                                                      | unknown option '--bogus'
            sweep --rate 1,2 -d ../driver-loopback/loopback.yaml ../workloads/quick-start.yaml     | unknown option '--rate' (did you mean '--rates'?)
            compare --bogus a.json -- b.json                                                         | unknown option '--bogus'
            compare --jsn a.json -- b.json                                                           | unknown option '--jsn' (did you mean '--json'?)
            """)
    void anUnknownOptionIsAUsageErrorWithASuggestion(String commandLine, String message) {
        assertThat(cli.run(commandLine.split(" "))).as(cli.stderr()).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .contains("error: " + message)
                .doesNotContain("no such file")
                .doesNotContain("NoSuchFileException");
    }

    @Test
    void aNegativeValueOfAKnownOptionIsNotTakenForAnOption() {
        assertThat(cli.run(
                        "--stall-timeout-seconds",
                        "-5",
                        "-d",
                        "../driver-loopback/loopback.yaml",
                        "../workloads/quick-start.yaml"))
                .isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(cli.stderr())
                .contains("--stall-timeout-seconds must be 1 to 86400")
                .doesNotContain("unknown option");
    }
}
