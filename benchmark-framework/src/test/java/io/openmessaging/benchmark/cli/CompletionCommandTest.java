package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.CommandLineRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark completion}: the printed script, sourced by a real bash, completes commands, each
 * command's own options and file names.
 */
class CompletionCommandTest {

    @TempDir
    Path dir;

    private final CommandLineRun cli = new CommandLineRun();

    @Test
    void completesTheCommands() throws Exception {
        assertThat(complete("bin/benchmark", "re")).contains("report").doesNotContain("validate");
        assertThat(complete("bin/benchmark", "c")).contains("csv", "compare", "completion");
    }

    @Test
    void completesTheOptionsOfTheCommandTyped() throws Exception {
        assertThat(complete("bin/benchmark", "sweep", "--ra")).containsExactly("--rates");
        assertThat(complete("bin/benchmark", "stop", "--tok")).containsExactly("--token-file");
        assertThat(complete("bin/benchmark", "compare", "--allow")).containsExactly("--allow-different-workloads");
        // a run (no command): the run's options, not sweep's
        assertThat(complete("bin/benchmark", "--dri")).containsExactly("--drivers");
        assertThat(complete("bin/benchmark", "--ra")).isEmpty();
    }

    @Test
    void completesFileNamesOtherwise() throws Exception {
        Files.writeString(dir.resolve("kafka-local.yaml"), "driver: Kafka\n");

        assertThat(complete("bin/benchmark", "validate", dir + "/kaf")).containsExactly(dir + "/kafka-local.yaml");
    }

    @Test
    void anotherShellIsRefusedInOneLine() {
        assertThat(cli.run("completion", "zsh")).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr()).startsWith("error: unknown shell 'zsh'; bash is the only shell supported");
    }

    /** Sources the printed script in bash, completes {@code words} (the last one being typed), returns COMPREPLY. */
    private List<String> complete(String... words) throws IOException, InterruptedException {
        cli.reset();
        assertThat(cli.run("completion")).as(cli.stderr()).isZero();
        Path script = dir.resolve("completion.bash");
        Files.writeString(script, cli.stdout());
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word.replace("'", "'\\''")).append("'");
        }
        String program = "source '" + script + "'\n"
                + "COMP_WORDS=(" + array + " )\n"
                + "COMP_CWORD=" + (words.length - 1) + "\n"
                + "_messaging_benchmark\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process bash = new ProcessBuilder("bash", "-c", program)
                .redirectErrorStream(true)
                .directory(dir.toFile())
                .start();
        assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.exitValue()).as(output).isZero();
        return output.lines().filter(line -> !line.isEmpty()).toList();
    }
}
