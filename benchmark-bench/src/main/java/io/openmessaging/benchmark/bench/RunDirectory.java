package io.openmessaging.benchmark.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One run directory left by the measuring scripts ({@code bin/perf-baseline}, {@code bin/perf-floor}): a
 * directory named {@code <kind>-<rate>-r<repeat>} holding GNU time's {@code -v} report of the JVM ({@code
 * time.txt}, and with workers one {@code *time.txt} each), how the process ended ({@code exit.txt}: its
 * status, or {@code timeout}), and, for a run of the tool, its result JSON. Both scripts' tables read their
 * runs through this class; a file that is missing reads as empty and a figure that is missing as {@code NaN}.
 *
 * @param path the directory
 * @param name its name matched against the caller's pattern (its groups: kind, rate, repeat)
 */
public record RunDirectory(Path path, Matcher name) {

    private static final Pattern USER_SECONDS = Pattern.compile("User time \\(seconds\\): ([\\d.]+)");
    private static final Pattern SYSTEM_SECONDS = Pattern.compile("System time \\(seconds\\): ([\\d.]+)");
    private static final Pattern PEAK_RSS_KIB = Pattern.compile("Maximum resident set size \\(kbytes\\): (\\d+)");
    private static final Pattern WALL_CLOCK = Pattern.compile("Elapsed \\(wall clock\\) time \\([^)]*\\): ([\\d:.]+)");

    /**
     * The figures of one GNU {@code time -v} report; {@code NaN} for a line the report lacks.
     *
     * @param userSeconds "User time (seconds)"
     * @param systemSeconds "System time (seconds)"
     * @param peakRssKib "Maximum resident set size (kbytes)"
     * @param wallSeconds "Elapsed (wall clock) time", written as {@code h:mm:ss} or {@code m:ss.ss}
     */
    public record TimeReport(double userSeconds, double systemSeconds, double peakRssKib, double wallSeconds) {

        /** Reads the report's text; an empty text gives a report of {@code NaN}s. */
        public static TimeReport parse(String text) {
            return new TimeReport(
                    number(text, USER_SECONDS), number(text, SYSTEM_SECONDS), number(text, PEAK_RSS_KIB), wall(text));
        }

        /** User plus system time: the CPU the process used over its whole life. */
        public double cpuSeconds() {
            return userSeconds + systemSeconds;
        }

        public double peakRssMib() {
            return peakRssKib / 1024;
        }

        private static double wall(String text) {
            Matcher matcher = WALL_CLOCK.matcher(text);
            if (!matcher.find()) {
                return Double.NaN;
            }
            double seconds = 0;
            for (String part : matcher.group(1).split(":")) {
                seconds = seconds * 60 + Double.parseDouble(part);
            }
            return seconds;
        }

        private static double number(String text, Pattern pattern) {
            Matcher matcher = pattern.matcher(text);
            return matcher.find() ? Double.parseDouble(matcher.group(1)) : Double.NaN;
        }
    }

    /** The directories in {@code resultsDirectory} whose names match {@code namePattern}, in name order. */
    public static List<RunDirectory> list(Path resultsDirectory, Pattern namePattern) throws IOException {
        List<RunDirectory> runs = new ArrayList<>();
        try (Stream<Path> listing = Files.list(resultsDirectory)) {
            for (Path directory : listing.filter(Files::isDirectory).sorted().toList()) {
                Matcher name = namePattern.matcher(directory.getFileName().toString());
                if (name.matches()) {
                    runs.add(new RunDirectory(directory, name));
                }
            }
        }
        return runs;
    }

    /** A named group of the directory's name. */
    public String group(String group) {
        return name.group(group);
    }

    /** The text of one of the directory's files; empty when it has no such file. */
    public String text(String fileName) throws IOException {
        return readOrEmpty(path.resolve(fileName));
    }

    /** GNU time's report of the run's (first) JVM, {@code time.txt}. */
    public TimeReport time() throws IOException {
        return TimeReport.parse(text("time.txt"));
    }

    /** Every GNU time report of the run ({@code time.txt} and each worker's {@code *time.txt}), in name order. */
    public List<TimeReport> timeReports() throws IOException {
        List<TimeReport> reports = new ArrayList<>();
        try (Stream<Path> files = Files.list(path)) {
            for (Path report : files.filter(
                            file -> file.getFileName().toString().endsWith("time.txt"))
                    .sorted()
                    .toList()) {
                reports.add(TimeReport.parse(readOrEmpty(report)));
            }
        }
        return reports;
    }

    /** The content of {@code exit.txt} without surrounding white space; empty when there is none. */
    public String exit() throws IOException {
        return text("exit.txt").strip();
    }

    /** The run's result file: its first {@code .json} file. */
    public Optional<Path> resultFile() throws IOException {
        try (Stream<Path> files = Files.list(path)) {
            return files.filter(file -> file.toString().endsWith(".json")).findFirst();
        }
    }

    /** The median of one figure over a group, leaving out {@code NaN}s; {@code NaN} when none is left. */
    public static <T> double median(List<T> group, ToDoubleFunction<T> figure) {
        double[] values = group.stream()
                .mapToDouble(figure)
                .filter(value -> !Double.isNaN(value))
                .sorted()
                .toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    /** A file's text (UTF-8); empty when it is not a regular file. */
    public static String readOrEmpty(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
