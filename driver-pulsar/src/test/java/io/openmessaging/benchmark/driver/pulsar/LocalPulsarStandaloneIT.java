package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code bin/local-broker pulsar}: what it reports and refuses, against the shared standalone. */
class LocalPulsarStandaloneIT {

    @Test
    void everyListenerOfTheStandaloneIsOnLoopback() {
        LocalPulsarStandalone pulsar = SharedLocalPulsar.standalone();
        Matcher listening = Pattern.compile("listening on\\s+(.+)").matcher(pulsar.startOutput());
        assertThat(listening.find()).as(pulsar.startOutput()).isTrue();
        List<String> sockets = List.of(listening.group(1).trim().split("\\s+"));
        // broker, web server and the in-process bookie
        assertThat(sockets)
                .as(pulsar.startOutput())
                .hasSizeGreaterThanOrEqualTo(3)
                .allMatch(s -> s.startsWith("127.0.0.1:"));
        assertThat(sockets)
                .contains(
                        URI.create(pulsar.serviceUrl()).getAuthority(),
                        URI.create(pulsar.httpUrl()).getAuthority());
    }

    @Test
    void statusReportsTheRunningStandaloneAndStartRefusesItsPort() throws Exception {
        LocalPulsarStandalone pulsar = SharedLocalPulsar.standalone();
        String port = String.valueOf(URI.create(pulsar.serviceUrl()).getPort());

        Result status = script("pulsar", "status", "--port", port);
        assertThat(status.exitCode()).as(status.output()).isZero();
        assertThat(status.output()).contains("pulsar: running (pid " + pulsar.pid());

        Result again = script("pulsar", "start", "--port", port, "--web-port", "1");
        assertThat(again.exitCode()).as(again.output()).isEqualTo(4);
        assertThat(again.output()).contains("already runs on port " + port);
    }

    @Test
    void statusOfAPortWithoutAStandaloneIsNotRunning() throws Exception {
        Result status = script("pulsar", "status", "--port", "1");
        assertThat(status.exitCode()).isEqualTo(3);
        assertThat(status.output()).contains("pulsar: stopped");
    }

    private record Result(int exitCode, String output) {}

    private static Result script(String... arguments) throws IOException, InterruptedException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> command =
                new ArrayList<>(List.of(root.resolve("bin/local-broker").toString()));
        command.addAll(List.of(arguments));
        Path output = Files.createTempFile("local-broker-it-", ".out");
        try {
            Process process = new ProcessBuilder(command)
                    .directory(root.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            assertThat(process.waitFor(60, TimeUnit.SECONDS))
                    .as("script finished")
                    .isTrue();
            return new Result(process.exitValue(), Files.readString(output));
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
