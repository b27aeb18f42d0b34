package io.openmessaging.benchmark.studyrunner;

import io.openmessaging.benchmark.study.Study;
import io.openmessaging.benchmark.study.StudyLoader;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The test project of {@code src/test/resources/study-project}: study {@code loopback-demo}. */
public final class StudyProject {

    private StudyProject() {}

    /** The project directory (with {@code studies/}, {@code workloads/}, {@code driver-loopback/}). */
    public static Path directory() {
        try {
            return Path.of(StudyProject.class.getResource("/study-project").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A copy of the project in {@code target} (created as needed), for a test that changes its files. */
    public static Path copyTo(Path target) throws IOException {
        Path source = directory();
        try (var paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path copy = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy);
                }
            }
        }
        return target;
    }

    public static Study loopbackDemo() throws Exception {
        return StudyLoader.load(StudyLoader.fileOf(directory(), "loopback-demo"), directory());
    }

    /** Settings with every run, at scale {@code scale}, no durations, no local brokers. */
    public static StudyRunSettings settings(double scale) {
        return Settings.studyRun().scale(scale).build();
    }
}
