package io.openmessaging.benchmark.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.cli.Validation;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A driver module's corpus of broken driver files ({@code src/test/resources/drivers-invalid/}), each
 * with the exact start of the message {@code bin/benchmark validate} prints for it.
 */
public final class DriverFileCorpus {

    public static final Path DIRECTORY = Path.of("src/test/resources/drivers-invalid");

    private DriverFileCorpus() {}

    /** {@code validate} of {@code name}.yaml reports one problem: the file name followed by {@code detail}. */
    public static void assertOneProblem(String name, String detail) {
        Path file = DIRECTORY.resolve(name + ".yaml");
        List<String> problems =
                Validation.validate(List.of(file), new DriverRegistry()).problems();
        assertThat(problems).as(file.toString()).singleElement().asString().startsWith(file + detail);
        assertThat(problems.get(0)).as("no Java class names").doesNotContain("Exception");
    }

    /** Every file of the corpus is a case of {@code cases} (lines {@code name | detail}). */
    public static void assertEveryFileIsACase(String cases) throws IOException {
        Set<String> covered = cases.lines()
                .map(line -> line.split("\\|")[0].strip() + ".yaml")
                .collect(Collectors.toSet());
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList())
                    .isNotEmpty()
                    .allMatch(covered::contains, "listed in the cases");
        }
    }
}
