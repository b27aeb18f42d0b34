package io.openmessaging.benchmark.bench.floor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The per-thread CPU samples {@code bin/perf-floor} takes of a JVM ({@code threads.txt}): once a second a
 * marker line {@code @ <epoch seconds>}, every thread's {@code /proc/<pid>/task/<tid>/stat} line, and then
 * a line {@code schedstat <tid> <run ns> <wait ns> <times on a CPU>} per thread (its {@code
 * /proc/<pid>/task/<tid>/schedstat}, proc(5)). Files written before the markers existed are read too: a
 * sample then begins where a thread id comes again, and samples are taken as one second apart; files
 * without schedstat lines have no times on a CPU.
 *
 * <p>Two readings: each thread's CPU over the JVM's whole life (its last sample), and each thread's CPU over
 * the measured phase: from the end of the warm-up to the end of the run's duration, both counted from the
 * first sample that shows a thread named {@code producer-…} (the tool and the floor start their paced
 * producer threads when the load starts). A thread's CPU in the phase is its CPU at the phase's last
 * sample less its CPU at the phase's first (0 for a thread that did not exist yet); the phase's samples are
 * the first at or after its start and the first at or after its end (the last sample when the JVM exited
 * before the end). Thread groups are thread names with their digits replaced by {@code #}. The same
 * samples split the JVM's CPU into its phases: start-up, warm-up, measured phase and end.
 *
 * <p>The times each thread was put on a CPU (the third schedstat figure) count its wake-ups: every sleep
 * (a park, a poll with a timeout) ends with one, and so does every preemption. They tell whether two
 * programs wake as often per message, which costs CPU by itself on a VM (docs/performance.md, "The cost of
 * a wake-up").
 */
final class ThreadSamples {

    /** {@code USER_HZ}: the unit of utime and stime in /proc stat lines; 100 on every Linux build we run on. */
    static final double TICKS_PER_SECOND = 100;

    private static final String LOAD_THREAD_PREFIX = "producer-";
    private static final Pattern MARKER = Pattern.compile("@ \\d+(\\.\\d+)?");
    /** A stat line's fields after the name, up to stime (field 15 of proc(5)). */
    private static final Pattern STAT_FIELDS = Pattern.compile("\\S+( -?\\d+){12}( |$)");
    /** The sampler's line of one thread's schedstat: its tid and the three figures. */
    private static final Pattern SCHEDSTAT = Pattern.compile("schedstat (\\d+) \\d+ \\d+ (\\d+)");

    /** Unknown times on a CPU: no schedstat line for the thread in that sample. */
    private static final long UNKNOWN = -1;

    /** One thread's reading in one sample: CPU ticks and times on a CPU ({@link #UNKNOWN} without). */
    private record ThreadTicks(String group, long ticks, long timesOnCpu) {}

    /** One sample: when it was taken (seconds) and its threads' readings by thread id. */
    private record Sample(double seconds, Map<String, ThreadTicks> threads) {}

    /**
     * The CPU of each thread group over a stretch of the run.
     *
     * @param wallSeconds the stretch's length between its two samples
     * @param cpuSecondsByGroup CPU seconds per thread group
     * @param timesOnCpuByGroup times on a CPU per thread group, of the threads with a schedstat reading at
     *     the stretch's end; empty when the samples have none
     */
    record Stretch(double wallSeconds, Map<String, Double> cpuSecondsByGroup, Map<String, Long> timesOnCpuByGroup) {

        static final Stretch NONE = new Stretch(Double.NaN, Map.of(), Map.of());

        double cpuSeconds() {
            return cpuSecondsByGroup.isEmpty()
                    ? Double.NaN
                    : cpuSecondsByGroup.values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum();
        }

        double cpuPerWallSecond() {
            return cpuSeconds() / wallSeconds;
        }
    }

    private final List<Sample> samples;

    private ThreadSamples(List<Sample> samples) {
        this.samples = samples;
    }

    static ThreadSamples parse(String text) {
        List<Sample> samples = new ArrayList<>();
        Map<String, ThreadTicks> current = null;
        double currentSeconds = 0;
        boolean marked = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("schedstat ")) {
                Matcher schedstat = SCHEDSTAT.matcher(line);
                ThreadTicks reading = !schedstat.matches() || current == null ? null : current.get(schedstat.group(1));
                if (reading != null) { // else cut short, or a thread born after the stat lines were read
                    current.put(
                            schedstat.group(1),
                            new ThreadTicks(reading.group(), reading.ticks(), Long.parseLong(schedstat.group(2))));
                }
                continue;
            }
            if (line.startsWith("@ ")) {
                if (!MARKER.matcher(line).matches()) {
                    continue; // cut short (the sampler stopped while writing): not a sample
                }
                if (current != null) {
                    samples.add(new Sample(currentSeconds, current));
                }
                marked = true;
                currentSeconds = Double.parseDouble(line.substring(2));
                current = new HashMap<>();
                continue;
            }
            int open = line.indexOf(" (");
            int close = line.lastIndexOf(") ");
            if (open <= 0
                    || close <= open
                    || !STAT_FIELDS.matcher(line.substring(close + 2)).lookingAt()) {
                continue; // not a stat line, or one cut short
            }
            String tid = line.substring(0, open);
            if (current == null || (!marked && current.containsKey(tid))) {
                if (current != null) {
                    samples.add(new Sample(currentSeconds, current));
                    currentSeconds += 1;
                }
                current = new HashMap<>();
            }
            String group = line.substring(open + 2, close).replaceAll("\\d+", "#");
            String[] fields = line.substring(close + 2).split(" ");
            // fields[0] is the state (field 3 of proc(5)); utime and stime are fields 14 and 15
            current.put(tid, new ThreadTicks(group, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), UNKNOWN));
        }
        if (current != null && !current.isEmpty()) {
            samples.add(new Sample(currentSeconds, current));
        }
        return new ThreadSamples(samples);
    }

    /** Each group's CPU over the JVM's life: the sum of its threads' last readings. */
    Map<String, Double> wholeLife() {
        return groups(Map.of(), readingsUpTo(samples.size() - 1));
    }

    /**
     * The JVM's CPU in each phase of the run, all threads together: start-up (until the load started),
     * warm-up, the measured phase and the end (drain, results, exit).
     *
     * @param startUpSeconds CPU until the first sample that shows the load
     * @param warmupSeconds CPU from there to the measured phase's first sample
     * @param measuredSeconds CPU in the measured phase ({@link #measuredPhase})
     * @param endSeconds the JVM's whole-life CPU less its CPU at the measured phase's last sample: the end
     *     of the run, including the time after the last sample, which the samples do not see
     */
    record Phases(double startUpSeconds, double warmupSeconds, double measuredSeconds, double endSeconds) {
        static final Phases NONE = new Phases(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * Each group's CPU from {@code warmupSeconds} after the load started to {@code warmupSeconds +
     * durationSeconds} after it; {@link Stretch#NONE} when no sample shows the load or none lies after the
     * warm-up.
     */
    Stretch measuredPhase(double warmupSeconds, double durationSeconds) {
        int[] bounds = bounds(warmupSeconds, durationSeconds);
        if (bounds == null) {
            return Stretch.NONE;
        }
        Map<String, ThreadTicks> first = readingsUpTo(bounds[1]);
        Map<String, ThreadTicks> last = readingsUpTo(bounds[2]);
        return new Stretch(
                samples.get(bounds[2]).seconds() - samples.get(bounds[1]).seconds(),
                groups(first, last),
                timesOnCpu(first, last));
    }

    /**
     * The CPU of each phase, the end's from the JVM's whole-life CPU ({@code NaN} when unknown); {@link
     * Phases#NONE} when {@link #measuredPhase} has none.
     */
    Phases phases(double warmupSeconds, double durationSeconds, double wholeLifeCpuSeconds) {
        int[] bounds = bounds(warmupSeconds, durationSeconds);
        if (bounds == null) {
            return Phases.NONE;
        }
        double load = total(bounds[0]);
        double first = total(bounds[1]);
        double last = total(bounds[2]);
        return new Phases(load, first - load, last - first, wholeLifeCpuSeconds - last);
    }

    /**
     * The samples that bound the phases: where the load shows first, the measured phase's first and its
     * last; null when no sample shows the load or none lies after the warm-up.
     */
    private int[] bounds(double warmupSeconds, double durationSeconds) {
        int load = -1;
        for (int i = 0; i < samples.size() && load < 0; i++) {
            if (samples.get(i).threads().values().stream()
                    .anyMatch(thread -> thread.group().startsWith(LOAD_THREAD_PREFIX))) {
                load = i;
            }
        }
        if (load < 0) {
            return null;
        }
        double loadSeconds = samples.get(load).seconds();
        int first = firstAtOrAfter(loadSeconds + warmupSeconds);
        if (first < 0) {
            return null;
        }
        int last = firstAtOrAfter(loadSeconds + warmupSeconds + durationSeconds);
        return new int[] {load, first, last < 0 ? samples.size() - 1 : last};
    }

    /** CPU seconds of every thread up to sample {@code index}. */
    private double total(int index) {
        long ticks = 0;
        for (ThreadTicks reading : readingsUpTo(index).values()) {
            ticks += reading.ticks();
        }
        return ticks / TICKS_PER_SECOND;
    }

    private int firstAtOrAfter(double seconds) {
        for (int i = 0; i < samples.size(); i++) {
            if (samples.get(i).seconds() >= seconds) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Each thread's latest reading in the samples up to {@code index}; a reading without times on a CPU keeps
     * those of the thread's last reading that had them.
     */
    private Map<String, ThreadTicks> readingsUpTo(int index) {
        Map<String, ThreadTicks> latest = new HashMap<>();
        for (int i = 0; i <= index; i++) {
            samples.get(i)
                    .threads()
                    .forEach((tid, reading) -> latest.merge(
                            tid,
                            reading,
                            (earlier, later) -> later.timesOnCpu() == UNKNOWN
                                    ? new ThreadTicks(later.group(), later.ticks(), earlier.timesOnCpu())
                                    : later));
        }
        return latest;
    }

    /** Times on a CPU per group between two sets of readings ({@link #deltasByGroup}). */
    private static Map<String, Long> timesOnCpu(Map<String, ThreadTicks> from, Map<String, ThreadTicks> to) {
        return deltasByGroup(from, to, ThreadTicks::timesOnCpu);
    }

    /** CPU seconds per group between two sets of readings ({@link #deltasByGroup}). */
    private static Map<String, Double> groups(Map<String, ThreadTicks> from, Map<String, ThreadTicks> to) {
        Map<String, Double> byGroup = new TreeMap<>();
        deltasByGroup(from, to, ThreadTicks::ticks)
                .forEach((group, ticks) -> byGroup.put(group, ticks / TICKS_PER_SECOND));
        return byGroup;
    }

    /**
     * One reading (CPU ticks or times on a CPU) summed per group from {@code from} to {@code to}, over the
     * threads whose reading is known at {@code to}, each from its reading at {@code from} (from 0 for a thread
     * unknown there or without that reading); empty when no thread is known at {@code to}.
     */
    private static Map<String, Long> deltasByGroup(
            Map<String, ThreadTicks> from, Map<String, ThreadTicks> to, ToLongFunction<ThreadTicks> reading) {
        Map<String, Long> byGroup = new TreeMap<>();
        to.forEach((tid, later) -> {
            long now = reading.applyAsLong(later);
            if (now != UNKNOWN) {
                ThreadTicks earlier = from.get(tid);
                long before = earlier == null ? UNKNOWN : reading.applyAsLong(earlier);
                byGroup.merge(later.group(), now - (before == UNKNOWN ? 0 : before), Long::sum);
            }
        });
        return byGroup;
    }
}
