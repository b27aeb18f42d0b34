package io.openmessaging.benchmark.compare;

import io.openmessaging.benchmark.report.ReportRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether base and candidate ran the same workload: every {@link WorkloadFields} field of every file,
 * the files of each side among themselves and the two sides against each other. A field is compared
 * among the files that record it; the files that do not are named in {@link #notCompared()}, never
 * taken as agreeing or disagreeing.
 *
 * @param differences every difference found: within the base, within the candidate, then between the sides
 * @param notCompared the fields some files do not record, with those files
 * @param unreadable one line per file whose {@code metadata.workloadYaml} could not be read
 * @param comparedFields the fields at least one file of each side records
 */
public record WorkloadCheck(
        List<Difference> differences,
        List<NotCompared> notCompared,
        List<String> unreadable,
        List<String> comparedFields) {

    /** Which side a file is on. */
    public enum Side {
        BASE,
        CANDIDATE;

        /** {@code base} or {@code candidate}. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One file's value of a field. */
    public record Value(Side side, Path file, String value) {

        /** {@code base 10000 (results/a.json)}. */
        public String text() {
            return side.label() + " " + value + " (" + file + ")";
        }
    }

    /** Two files that give one field different values. */
    public record Difference(String field, Value first, Value second) {

        /** {@code producerRate: base 10000 (a.json), candidate 20000 (b.json)}. */
        public String text() {
            return field + ": " + first.text() + ", " + second.text();
        }
    }

    /** A field that {@code lackingFiles} do not record. */
    public record NotCompared(String field, List<Path> lackingFiles) {}

    /** Checks the files of {@code base} and {@code candidate}. */
    public static WorkloadCheck of(List<ReportRun> base, List<ReportRun> candidate) {
        List<FileFields> files = new ArrayList<>();
        base.forEach(
                run -> files.add(new FileFields(Side.BASE, run.file(), WorkloadFields.of(run.result(), run.file()))));
        candidate.forEach(run ->
                files.add(new FileFields(Side.CANDIDATE, run.file(), WorkloadFields.of(run.result(), run.file()))));
        List<String> unreadable = new ArrayList<>();
        files.forEach(file -> file.fields().problem().ifPresent(unreadable::add));
        List<Difference> within = new ArrayList<>();
        List<Difference> between = new ArrayList<>();
        List<NotCompared> notCompared = new ArrayList<>();
        List<String> compared = new ArrayList<>();
        for (String field : WorkloadFields.FIELDS) {
            Optional<Value> firstBase = within(Side.BASE, files, field, within);
            Optional<Value> firstCandidate = within(Side.CANDIDATE, files, field, within);
            if (firstBase.isPresent() && firstCandidate.isPresent()) {
                compared.add(field);
                if (!firstBase.get().value().equals(firstCandidate.get().value())) {
                    between.add(new Difference(field, firstBase.get(), firstCandidate.get()));
                }
            }
            List<Path> lacking = files.stream()
                    .filter(file -> file.fields().value(field).isEmpty())
                    .map(FileFields::file)
                    .toList();
            if (!lacking.isEmpty()) {
                notCompared.add(new NotCompared(field, lacking));
            }
        }
        within.sort(
                java.util.Comparator.comparing(difference -> difference.first().side()));
        List<Difference> differences = new ArrayList<>(within);
        differences.addAll(between);
        return new WorkloadCheck(
                List.copyOf(differences), List.copyOf(notCompared), List.copyOf(unreadable), List.copyOf(compared));
    }

    /** Whether no two files that record a field give it different values. */
    public boolean sameWorkload() {
        return differences.isEmpty();
    }

    /**
     * The fields not compared, one line per set of files lacking them: {@code not recorded in a.json,
     * b.json: producerRate, testDuration}.
     */
    public List<String> notComparedLines() {
        Map<List<Path>, List<String>> byFiles = new LinkedHashMap<>();
        for (NotCompared field : notCompared) {
            byFiles.computeIfAbsent(field.lackingFiles(), files -> new ArrayList<>())
                    .add(field.field());
        }
        return byFiles.entrySet().stream()
                .map(entry -> "not recorded in "
                        + entry.getKey().stream().map(Path::toString).collect(Collectors.joining(", ")) + ": "
                        + String.join(", ", entry.getValue()))
                .toList();
    }

    /**
     * Compares the files of one side that record {@code field} with the first of them, adding each
     * disagreement to {@code differences}; returns the first one's value.
     */
    private static Optional<Value> within(
            Side side, List<FileFields> files, String field, List<Difference> differences) {
        Value first = null;
        for (FileFields file : files) {
            Optional<String> value = file.fields().value(field);
            if (file.side() != side || value.isEmpty()) {
                continue;
            }
            Value current = new Value(side, file.file(), value.get());
            if (first == null) {
                first = current;
            } else if (!first.value().equals(current.value())) {
                differences.add(new Difference(field, first, current));
            }
        }
        return Optional.ofNullable(first);
    }

    private record FileFields(Side side, Path file, WorkloadFields fields) {}
}
