package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A file of per-repeat tool / floor ratios written down from earlier series, for {@code bin/perf-floor
 * --table-only FILE}: series whose run directories are gone (another machine, a cleaned disk) can still be
 * pooled with the ones at hand, by the same rule ({@link RepeatRatios}). One series and rate a line:
 *
 * <pre>
 * # a comment; blank lines are skipped
 * series=perf-floor-abba rate=50000 whole-life=0.971,1.030,1.052,1.064 measured=0.960,1.010,1.020,1.031
 * </pre>
 *
 * <p>{@code series} (a name without spaces), {@code rate} (msg/s, a whole number above 0) and {@code
 * whole-life} (the ratios of CPU s over the JVMs' whole life, one per repeat, each above 0) are required;
 * {@code measured} (the same over the measured phase) is optional and, when given, has one ratio per
 * repeat too. A series may have a line per rate, not two lines for one rate.
 */
final class RecordedRatios {

    static final String SERIES = "series";
    static final String RATE = "rate";
    static final String WHOLE_LIFE = "whole-life";
    static final String MEASURED = "measured";

    private static final String ALLOWED =
            SERIES + "=NAME " + RATE + "=MSG_PER_SEC " + WHOLE_LIFE + "=R1,R2,… [" + MEASURED + "=R1,R2,…]";

    private RecordedRatios() {}

    /** The series of {@code file}, in the order they first appear, each with its ratios by rate. */
    static Map<String, Map<Long, SeriesRatios>> read(Path file) throws IOException, ConfigException {
        return parse(Files.readString(file), file.toString());
    }

    static Map<String, Map<Long, SeriesRatios>> parse(String text, String sourceName) throws ConfigException {
        Map<String, Map<Long, SeriesRatios>> series = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int index = 0; index < lines.length; index++) {
            String line = lines[index].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int lineNumber = index + 1;
            try {
                Line parsed = parseLine(line, sourceName, lineNumber);
                Map<Long, SeriesRatios> byRate = series.computeIfAbsent(parsed.series(), name -> new TreeMap<>());
                if (byRate.containsKey(parsed.rate())) {
                    throw new ConfigException(ConfigException.at(
                            sourceName,
                            lineNumber,
                            1,
                            "series '" + parsed.series() + "' at " + parsed.rate()
                                    + " msg/s is listed twice; give each series one line per rate"));
                }
                byRate.put(parsed.rate(), parsed.ratios());
            } catch (ConfigException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        if (series.isEmpty()) {
            throw new ConfigException(
                    ConfigException.at(sourceName, 0, 0, "no series in the file; each line is " + ALLOWED));
        }
        return series;
    }

    private record Line(String series, long rate, SeriesRatios ratios) {}

    private static Line parseLine(String line, String sourceName, int lineNumber) throws ConfigException {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String token : line.split("\\s+")) {
            int equals = token.indexOf('=');
            String key = equals < 0 ? token : token.substring(0, equals);
            if (equals <= 0 || !List.of(SERIES, RATE, WHOLE_LIFE, MEASURED).contains(key)) {
                throw problem(sourceName, lineNumber, "'" + token + "' is not one of " + ALLOWED);
            }
            if (fields.put(key, token.substring(equals + 1)) != null) {
                throw problem(sourceName, lineNumber, "'" + key + "' is given twice; a line is " + ALLOWED);
            }
        }
        for (String required : List.of(SERIES, RATE, WHOLE_LIFE)) {
            if (!fields.containsKey(required) || fields.get(required).isEmpty()) {
                throw problem(sourceName, lineNumber, "'" + required + "' is missing; a line is " + ALLOWED);
            }
        }
        long rate;
        try {
            rate = Long.parseLong(fields.get(RATE));
        } catch (NumberFormatException e) {
            rate = -1;
        }
        if (rate <= 0) {
            throw problem(
                    sourceName,
                    lineNumber,
                    "rate '" + fields.get(RATE) + "' is not a whole number of msg/s above 0, e.g. rate=50000");
        }
        List<Double> wholeLife = ratios(fields.get(WHOLE_LIFE), WHOLE_LIFE, sourceName, lineNumber);
        List<Double> measured = List.of();
        if (fields.containsKey(MEASURED)) {
            measured = ratios(fields.get(MEASURED), MEASURED, sourceName, lineNumber);
            if (measured.size() != wholeLife.size()) {
                throw problem(
                        sourceName,
                        lineNumber,
                        "'" + MEASURED + "' has " + measured.size() + " ratios and '" + WHOLE_LIFE + "' "
                                + wholeLife.size() + "; give one of each per repeat");
            }
        }
        return new Line(fields.get(SERIES), rate, new SeriesRatios(wholeLife, measured));
    }

    private static List<Double> ratios(String list, String key, String sourceName, int lineNumber)
            throws ConfigException {
        List<Double> ratios = new ArrayList<>();
        for (String item : list.split(",", -1)) {
            double ratio;
            try {
                ratio = Double.parseDouble(item);
            } catch (NumberFormatException e) {
                ratio = Double.NaN;
            }
            if (!(ratio > 0) || Double.isInfinite(ratio)) {
                throw problem(
                        sourceName,
                        lineNumber,
                        "'" + key + "' holds '" + item + "', not a ratio above 0; list one per repeat,"
                                + " comma-separated without spaces, e.g. " + key + "=0.971,1.030,1.052");
            }
            ratios.add(ratio);
        }
        return List.copyOf(ratios);
    }

    private static ConfigException problem(String sourceName, int lineNumber, String detail) {
        return new ConfigException(ConfigException.at(sourceName, lineNumber, 1, detail));
    }
}
