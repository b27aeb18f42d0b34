package io.openmessaging.benchmark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * {@code bin/benchmark completion}: the printed script, sourced by a real bash (and zsh, where installed),
 * completes commands, each command's own options, the values of options that take one of a few, and file names.
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
    void completesTheValuesOfAnOptionThatTakesOneOfAFew() throws Exception {
        assertThat(complete("bin/benchmark", "--topology", "")).containsExactly("SPLIT", "SWARM");
        assertThat(complete("bin/benchmark", "sweep", "--topology", "SW")).containsExactly("SWARM");
        assertThat(complete("bin/benchmark", "--set", "producerRa"))
                .containsExactlyInAnyOrder("producerRate=", "producerRateRamp=", "producerRateSteps=");
        assertThat(complete("bin/benchmark", "completion", "")).containsExactly("bash", "zsh");
        assertThat(complete("bin/benchmark", "help", "co")).containsExactly("compare", "completion");
        assertThat(complete("bin/benchmark", "study", "")).containsExactly("list", "show", "run", "report");
        assertThat(complete("bin/benchmark", "study", "run", "--local"))
                .containsExactly("--local-brokers", "--local-hosts");
    }

    @Test
    void anotherShellIsRefusedInOneLine() {
        assertThat(cli.run("completion", "fish")).isEqualTo(Benchmark.EXIT_USAGE);

        assertThat(cli.stderr()).startsWith("error: unknown shell 'fish'; the shells supported are bash and zsh");
    }

    @Test
    void theZshScriptCompletesTheSameInZsh() throws Exception {
        assumeTrue(onPath("zsh"), "zsh is not installed here, so the zsh script cannot be run");
        Files.writeString(dir.resolve("kafka-local.yaml"), "driver: Kafka\n");
        assertThat(cli.run("completion", "zsh")).as(cli.stderr()).isZero();
        Path script = Files.writeString(dir.resolve("completion.zsh"), cli.stdout());
        // the function as zsh's bashcompinit calls it: COMP_WORDS and COMP_CWORD set, bash-like array indexes,
        // PREFIX the word typed (zsh's compgen -f reads it)
        String program = "source '" + script + "'\n"
                + "complete_words() { emulate -L sh; setopt kshglob noshglob braceexpand;"
                + " COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); PREFIX=${COMP_WORDS[COMP_CWORD]};"
                + " _messaging_benchmark;"
                + " printf '%s\\n' \"${COMPREPLY[@]}\"; }\n"
                + "complete_words bin/benchmark --topology S\n"
                + "complete_words bin/benchmark sweep --ra\n"
                + "complete_words bin/benchmark validate kaf\n";
        Process zsh = new ProcessBuilder("zsh", "-f", "-c", program)
                .redirectErrorStream(true)
                .directory(dir.toFile())
                .start();
        assertThat(zsh.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String output = new String(zsh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(zsh.exitValue()).as(output).isZero();
        assertThat(output.lines().filter(line -> !line.isEmpty()))
                .containsExactly("SPLIT", "SWARM", "--rates", "kafka-local.yaml");
    }

    private static boolean onPath(String program) {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(directory, program))) {
                return true;
            }
        }
        return false;
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
