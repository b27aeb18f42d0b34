package io.openmessaging.benchmark.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code bin/benchmark} and {@code bin/benchmark-worker} command that README.md or any other Markdown
 * file of the repository shows in a code block, run as written in a directory laid out like the repository,
 * loopback-sized ({@link Rehearsal}: the in-memory driver under each driver file's name, phases of a second,
 * the documents' placeholders made real). Each must exit 0: a documented command cannot break unnoticed.
 */
class DocumentedCommandsIT {

    private static final List<String> PROGRAMS = List.of("bin/benchmark", "bin/benchmark-worker");
    private static final long TIMEOUT_SECONDS = 300;
    private static final Pattern SOURCED = Pattern.compile("# shellcheck source=(\\S+)");

    @TempDir
    static Path scratch;

    private static Rehearsal rehearsal;

    @BeforeAll
    static void setUp() throws Exception {
        rehearsal = Rehearsal.prepare(LocalBrokerScripts.repositoryRoot(), scratch);
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (rehearsal != null) {
            rehearsal.close();
        }
    }

    @Test
    void theDocumentsShowTheCommandsThisTestRuns() {
        List<DocumentedCommand> commands = DocumentedCommand.find(LocalBrokerScripts.repositoryRoot(), PROGRAMS);
        // the README's own: a run on Kafka, a run on loopback, validate, report, csv, compare and two sweeps
        assertThat(commands)
                .filteredOn(command -> command.source().equals("README.md"))
                .extracting(
                        command -> command.words().size() > 1 ? command.words().get(1) : "")
                .contains("--drivers", "validate", "report", "csv", "compare", "sweep");
        assertThat(commands).extracting(DocumentedCommand::program).contains("bin/benchmark-worker");
        assertThat(commands.size()).isGreaterThanOrEqualTo(30);
    }

    @Test
    void aCommandIsSplitAsAShellWould() {
        DocumentedCommand command = DocumentedCommand.parse(
                "x.md", 3, "bin/benchmark csv 'my results/' \"a b\" > out.csv   # a comment with 'quotes");
        assertThat(command.words()).containsExactly("bin/benchmark", "csv", "my results/", "a b");
        assertThat(command.stdoutFile()).isEqualTo("out.csv");
        assertThat(DocumentedCommand.parse("x.md", 1, "bin/benchmark --set producerRate=20000#x")
                        .words())
                .containsExactly("bin/benchmark", "--set", "producerRate=20000#x");
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandRunsLoopbackSized() {
        return DocumentedCommand.find(LocalBrokerScripts.repositoryRoot(), PROGRAMS).stream()
                .map(command -> DynamicTest.dynamicTest(command.toString(), () -> runs(command)));
    }

    /**
     * The other scripts the documents show ({@code bin/local-broker}, {@code bin/regression}, …) talk to real
     * brokers, each tested by its own integration tests; here each must exist and know every option the
     * documents give it.
     */
    @TestFactory
    Stream<DynamicTest> everyOtherDocumentedScriptExistsAndKnowsItsOptions() throws IOException {
        Path root = LocalBrokerScripts.repositoryRoot();
        List<String> scripts;
        try (Stream<Path> files = Files.list(root.resolve("bin"))) {
            scripts = files.filter(Files::isExecutable)
                    .map(file -> "bin/" + file.getFileName())
                    .filter(script -> !PROGRAMS.contains(script))
                    .toList();
        }
        List<DocumentedCommand> commands = DocumentedCommand.find(root, scripts);
        assertThat(commands).extracting(DocumentedCommand::program).contains("bin/local-broker", "bin/regression");
        return commands.stream()
                .map(command -> DynamicTest.dynamicTest(command.toString(), () -> {
                    String script = scriptText(root, command);
                    for (String word : command.words()) {
                        if (word.startsWith("--")) {
                            String option = word.replaceFirst("=.*$", "");
                            assertThat(script)
                                    .as("%s: %s names %s", command, command.program(), option)
                                    .contains(option);
                        }
                    }
                }));
    }

    /**
     * The script's text with the files it sources ({@code # shellcheck source=FILE} names them) and, for {@code
     * bin/local-broker SYSTEM}, the system's {@code deployment/local/SYSTEM/broker.sh}, where its options are.
     */
    private static String scriptText(Path root, DocumentedCommand command) throws IOException {
        String script = Files.readString(root.resolve(command.program()));
        StringBuilder text = new StringBuilder(script);
        Matcher sourced = SOURCED.matcher(script);
        while (sourced.find()) {
            Path file = root.resolve(sourced.group(1));
            if (Files.isRegularFile(file)) {
                text.append(Files.readString(file));
            }
        }
        if (command.program().equals("bin/local-broker") && command.words().size() > 1) {
            text.append(Files.readString(
                    root.resolve("deployment/local/" + command.words().get(1) + "/broker.sh")));
        }
        return text.toString();
    }

    private static void runs(DocumentedCommand command) throws Exception {
        Rehearsal.Prepared prepared = rehearsal.prepare(command);
        if (prepared.worker()) {
            assertThat(rehearsal.startWorker(prepared.arguments()))
                    .as("the worker of %s answers on %s", command, "127.0.0.1")
                    .isNotBlank();
            return;
        }
        List<String> java = new ArrayList<>(rehearsal.javaCommand());
        java.addAll(prepared.arguments());
        Path log = Files.createTempFile(scratch, "command-", ".log");
        Path stdout = command.stdoutFile() == null ? log : scratch.resolve(command.stdoutFile());
        Path stderr = command.stdoutFile() == null ? log : Files.createTempFile(scratch, "command-", ".err");
        Process process = new ProcessBuilder(java)
                .directory(scratch.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        boolean ended = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log) + (stderr.equals(log) ? "" : Files.readString(stderr));
        String described = command + "\n  rehearsed as: " + String.join(" ", prepared.arguments()) + "\n" + output;
        assertThat(ended)
                .as("ended within %d s: %s", TIMEOUT_SECONDS, described)
                .isTrue();
        assertThat(process.exitValue()).as(described).isZero();
        assertThat(output).as(described).doesNotContain("Exception in thread");
        if (command.stdoutFile() != null) {
            assertThat(Files.size(stdout))
                    .as("%s writes to %s", command, stdout)
                    .isPositive();
        }
    }
}
