package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where a relative {@code payloadFile} is looked for, most specific first: beside the workload file,
 * then in the current directory (upstream's only place), then in the installation root ({@code
 * bin/benchmark} passes its own root as the system property {@value #INSTALLATION_ROOT_PROPERTY}: the
 * repository, or the unpacked package, whose {@code payload/} folder holds upstream's payload file
 * names). So an upstream workload file naming {@code payload/payload-1Kb.data} runs wherever it was
 * copied to and wherever the benchmark is started. The first place where the path exists wins; when
 * none has it, the error lists every place tried. An absolute path is taken as it is.
 *
 * @param currentDirectory the directory the benchmark was started in, absolute
 * @param installationRoot the benchmark's installation root, absolute, when known
 */
public record PayloadSearch(Path currentDirectory, Optional<Path> installationRoot) {

    /** The system property naming the installation root, set by {@code bin/benchmark}. */
    public static final String INSTALLATION_ROOT_PROPERTY = "omb.home";

    /** One place a relative payload path was looked for, and why it was a candidate. */
    public record Place(Path path, String where) {}

    public PayloadSearch {
        currentDirectory = currentDirectory.toAbsolutePath().normalize();
        installationRoot = installationRoot.map(root -> root.toAbsolutePath().normalize());
    }

    /** The search of this process: its working directory and {@value #INSTALLATION_ROOT_PROPERTY}. */
    public static PayloadSearch ofThisProcess() {
        String root = System.getProperty(INSTALLATION_ROOT_PROPERTY, "");
        return new PayloadSearch(
                Path.of("").toAbsolutePath(), root.isBlank() ? Optional.empty() : Optional.of(Path.of(root)));
    }

    /**
     * The places {@code workload}'s {@code payloadFile} is looked for, in order, each path once: only the
     * path itself when it is absolute.
     */
    public List<Place> places(Workload workload) {
        Path asGiven = Path.of(workload.payloadFile());
        if (asGiven.isAbsolute()) {
            return List.of(new Place(asGiven, "as given"));
        }
        List<Place> places = new ArrayList<>();
        workloadDirectory(workload).ifPresent(dir -> add(places, dir.resolve(asGiven), "beside the workload file"));
        add(places, currentDirectory.resolve(asGiven), "in the current directory");
        installationRoot.ifPresent(root -> add(places, root.resolve(asGiven), "in the installation root"));
        return places;
    }

    /**
     * The first place where {@code workload}'s {@code payloadFile} exists.
     *
     * @throws ConfigException naming the workload, the payload path and every place tried, when none has it
     */
    public Path resolve(Workload workload) throws ConfigException {
        List<Place> places = places(workload);
        for (Place place : places) {
            if (Files.exists(place.path())) {
                return place.path();
            }
        }
        if (places.size() == 1 && Path.of(workload.payloadFile()).isAbsolute()) {
            throw new ConfigException(workload.sourceName() + ": payloadFile '" + workload.payloadFile()
                    + "' does not exist; give the path of a payload file or directory");
        }
        throw new ConfigException(workload.sourceName() + ": payloadFile '" + workload.payloadFile()
                + "' was found nowhere; looked "
                + places.stream()
                        .map(place -> place.where() + " (" + place.path() + ")")
                        .collect(Collectors.joining(", "))
                + "; give an absolute path, or one relative to one of these");
    }

    private static Optional<Path> workloadDirectory(Workload workload) {
        if (workload.sourceName() == null) {
            return Optional.empty();
        }
        try {
            Path file = Path.of(workload.sourceName());
            return Files.isRegularFile(file)
                    ? Optional.of(file.toAbsolutePath().normalize().getParent())
                    : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty(); // a name for messages (e.g. a step of a sweep), not a file
        }
    }

    private static void add(List<Place> places, Path path, String where) {
        Path normalized = path.normalize();
        if (places.stream().noneMatch(place -> place.path().equals(normalized))) {
            places.add(new Place(normalized, where));
        }
    }
}
