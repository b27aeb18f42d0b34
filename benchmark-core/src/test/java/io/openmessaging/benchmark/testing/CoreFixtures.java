package io.openmessaging.benchmark.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The core module's test files (workload and driver files, result files) as paths, for the tests of every
 * module: each module's tests run in its own directory, a sibling of {@code benchmark-core}. Read as files,
 * not as class-path resources: from the core's test-jar those would be entries of a jar, not directories.
 */
public final class CoreFixtures {

    private static final Path ROOT = Path.of("../benchmark-core/src/test/resources");

    private CoreFixtures() {}

    /** {@code relative} under the core's {@code src/test/resources}; fails if it is not there. */
    public static Path path(String relative) {
        Path path = ROOT.resolve(relative);
        if (!Files.exists(path)) {
            throw new IllegalStateException(path.toAbsolutePath().normalize()
                    + " does not exist: the tests run in a module directory beside benchmark-core");
        }
        return path;
    }
}
