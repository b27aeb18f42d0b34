package io.openmessaging.benchmark.regression;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.Suggestions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The broker versions {@code bin/regression --matrix} runs every case at, read from a plain text file
 * ({@code regression/versions}): one version a line, {@code SYSTEM VERSION WHY}, where WHY (the rest of the
 * line, required) says why the version is there; {@code #} starts a comment.
 *
 * <pre>
 * # system  version  why
 * kafka     4.4.0    current: the root pom's kafka.version
 * </pre>
 *
 * <p>Every problem is reported with the file, line and column, what was found and what is allowed.
 *
 * @param file the versions file as given
 * @param versions the versions, in file order (the order their brokers start in)
 */
public record RegressionVersions(Path file, List<PinnedVersion> versions) {

    /** Systems a version may be given for: {@code bin/local-broker}'s. */
    public static final List<String> SYSTEMS = List.of("kafka", "pulsar", "rabbitmq");

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");
    /** The oldest release line {@code bin/local-broker} runs, per system (docs/local-brokers.md). */
    private static final Map<String, int[]> OLDEST = Map.of("kafka", new int[] {3, 7}, "pulsar", new int[] {3, 0});

    /**
     * One version of one system.
     *
     * @param system {@code kafka}, {@code pulsar} or {@code rabbitmq}
     * @param version the release, {@code MAJOR.MINOR.PATCH}
     * @param why why CI checks it (LTS, current, the previous major, …)
     * @param line the file's line that declares it
     */
    public record PinnedVersion(String system, String version, String why, int line) {}

    /**
     * Reads and checks a versions file.
     *
     * @throws ConfigException listing every problem, one a line
     */
    public static RegressionVersions read(Path file) throws ConfigException {
        String source = file.toString();
        List<String> problems = new ArrayList<>();
        Map<String, PinnedVersion> versions = new LinkedHashMap<>();
        for (ColumnFile.Line line : ColumnFile.read(file, "versions file")) {
            String[] fields = line.fields(3);
            if (fields.length < 3) {
                problems.add(line.problem("expected SYSTEM VERSION WHY (why CI checks this version), found "
                        + fields.length + " field(s): '" + line.content() + "'"));
                continue;
            }
            PinnedVersion pinned = new PinnedVersion(fields[0], fields[1], fields[2].strip(), line.number());
            List<String> lineProblems = check(pinned);
            String key = pinned.system() + " " + pinned.version();
            if (versions.containsKey(key)) {
                lineProblems.add(
                        0,
                        pinned.system() + " " + pinned.version() + " is already listed on line "
                                + versions.get(key).line());
            }
            lineProblems.forEach(problem -> problems.add(line.problem(problem)));
            versions.putIfAbsent(key, pinned);
        }
        if (versions.isEmpty() && problems.isEmpty()) {
            problems.add(source + ": no version; add a line 'SYSTEM VERSION WHY', e.g. 'kafka 4.4.0 current'");
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new RegressionVersions(file, List.copyOf(versions.values()));
    }

    /** The versions of one system, in file order; empty when the file lists none. */
    public List<String> of(String system) {
        return versions.stream()
                .filter(pinned -> pinned.system().equals(system))
                .map(PinnedVersion::version)
                .toList();
    }

    /**
     * Only some versions of some systems, from {@code --versions SYSTEM=V1,V2,…} values (repeatable); the
     * other systems keep all their versions.
     *
     * @throws IllegalArgumentException naming a malformed value, an unknown system or a version the file
     *     does not list, with what is allowed
     */
    public RegressionVersions narrow(List<String> selections) {
        Map<String, List<String>> chosen = new LinkedHashMap<>();
        for (String selection : selections) {
            int equals = selection.indexOf('=');
            String system = equals < 0 ? selection : selection.substring(0, equals);
            List<String> names = equals < 0
                    ? List.of()
                    : Arrays.stream(selection.substring(equals + 1).split(",", -1))
                            .map(String::strip)
                            .toList();
            if (equals < 0 || names.stream().anyMatch(String::isEmpty)) {
                throw new IllegalArgumentException(
                        "--versions takes SYSTEM=VERSION,… e.g. kafka=3.9.2,4.4.0; got '" + selection + "'");
            }
            List<String> listed = of(system);
            if (listed.isEmpty()) {
                List<String> systems =
                        versions.stream().map(PinnedVersion::system).distinct().toList();
                throw new IllegalArgumentException("--versions " + selection + ": " + file + " lists no version of '"
                        + system + "'" + Suggestions.didYouMean(system, systems) + "; its systems are: "
                        + String.join(", ", systems));
            }
            if (chosen.containsKey(system)) {
                throw new IllegalArgumentException("--versions names " + system + " twice; give its versions in one"
                        + " value, e.g. " + system + "=" + String.join(",", listed));
            }
            for (String name : names) {
                if (!listed.contains(name)) {
                    throw new IllegalArgumentException("--versions " + selection + ": " + system + " " + name
                            + " is not in " + file + "; its " + system + " versions are: " + String.join(", ", listed)
                            + " (add a line to the file to run another)");
                }
            }
            chosen.put(system, names);
        }
        return new RegressionVersions(
                file,
                versions.stream()
                        .filter(pinned -> !chosen.containsKey(pinned.system())
                                || chosen.get(pinned.system()).contains(pinned.version()))
                        .toList());
    }

    private static List<String> check(PinnedVersion pinned) {
        List<String> problems = new ArrayList<>();
        if (!SYSTEMS.contains(pinned.system())) {
            problems.add("unknown system '" + pinned.system() + "'" + Suggestions.didYouMean(pinned.system(), SYSTEMS)
                    + "; allowed: " + String.join(", ", SYSTEMS));
        }
        Matcher version = VERSION.matcher(pinned.version());
        if (!version.matches()) {
            problems.add("version '" + pinned.version() + "' must be a release MAJOR.MINOR.PATCH, e.g. 4.4.0"
                    + " (bin/local-broker start --version takes exactly that)");
        } else if (OLDEST.containsKey(pinned.system())) {
            int[] oldest = OLDEST.get(pinned.system());
            int major = Integer.parseInt(version.group(1));
            int minor = Integer.parseInt(version.group(2));
            if (major < oldest[0] || (major == oldest[0] && minor < oldest[1])) {
                problems.add(pinned.system() + " " + pinned.version() + " is older than the oldest release"
                        + " bin/local-broker runs, " + oldest[0] + "." + oldest[1] + ".0");
            }
        }
        return problems;
    }
}
