package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadSamplesTest {

    private static String stat(int tid, String name, long utimeTicks, long stimeTicks) {
        return tid + " (" + name + ") S 1 1 1 0 -1 1077936192 100 0 0 0 " + utimeTicks + " " + stimeTicks
                + " 0 0 20 0 40 0 12345 0 0";
    }

    @Test
    void eachThreadCountsWithItsLastSampleAndGroupsByNameWithoutNumbers() {
        String samples = String.join(
                "\n",
                stat(10, "producer-0", 100, 50),
                stat(11, "GC Thread#0", 10, 0),
                stat(12, "GC Thread#1", 20, 0),
                stat(10, "producer-0", 300, 100), // later sample of the same thread
                stat(13, "kafka-consumer-", 5, 5),
                stat(14, "weird) name", 1, 1)); // a name with ") " in it: fields start after the last ") "

        Map<String, Double> groups = ThreadSamples.parse(samples + "\n").wholeLife();

        assertThat(groups)
                .containsOnlyKeys("producer-#", "GC Thread##", "kafka-consumer-", "weird) name")
                .containsEntry("producer-#", 4.0)
                .containsEntry("GC Thread##", 0.3)
                .containsEntry("kafka-consumer-", 0.1)
                .containsEntry("weird) name", 0.02);
    }

    /**
     * Ten marked samples at 100.0, 101.5, 103.0, ... (1.5 s apart); the load ({@code producer-0}) shows from
     * the third, at 103.0. {@code worker-1} ends with the sixth sample, {@code startup} with the third,
     * {@code late} starts with the seventh.
     */
    private static ThreadSamples tenSamples() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            text.append(String.format(java.util.Locale.ROOT, "@ %.3f%n", 100 + 1.5 * i));
            text.append(stat(1, "java", 10 * i, 0)).append('\n');
            if (i >= 2) {
                text.append(stat(2, "producer-0", 100 * (i - 2), 0)).append('\n');
            }
            if (i <= 5) {
                text.append(stat(3, "worker-1", 7 * i, 0)).append('\n');
            }
            if (i <= 2) {
                text.append(stat(4, "startup", 50 * i, 0)).append('\n');
            }
            if (i >= 6) {
                text.append(stat(5, "late", 3 * (i - 5), 3)).append('\n');
            }
        }
        return ThreadSamples.parse(text.toString());
    }

    /**
     * {@link #tenSamples}, warm-up 3 s and duration 4 s: the phase's samples are the first at or after 106.0
     * (106.0) and the first at or after 110.0 (110.5); worker-1 ends inside the phase (counts up to its last
     * reading), startup before it (nothing), late starts inside it (all of it up to the phase's end).
     */
    @Test
    void theMeasuredPhaseRunsFromTheWarmUpsEndToTheDurationsEndCountedFromTheLoadsStart() {
        ThreadSamples.Stretch phase = tenSamples().measuredPhase(3, 4);

        // samples 4 (106.0) to 7 (110.5)
        assertThat(phase.wallSeconds()).isCloseTo(4.5, within(1e-9));
        assertThat(phase.cpuSecondsByGroup())
                .containsOnlyKeys("java", "producer-#", "worker-#", "startup", "late")
                .containsEntry("java", 0.3)
                .containsEntry("producer-#", 3.0)
                .containsEntry("worker-#", 0.07)
                .containsEntry("startup", 0.0)
                .containsEntry("late", 0.09);
        assertThat(phase.cpuSeconds()).isCloseTo(3.46, within(1e-9));
        assertThat(phase.cpuPerWallSecond()).isCloseTo(3.46 / 4.5, within(1e-9));
    }

    /**
     * {@link #tenSamples}: all threads' CPU at the load's sample (2) is 1.34 s (startup's 1.00 among it), at
     * the phase's first (4) 3.68 s, at its last (7) 7.14 s; a thread that ended counts with its last reading.
     */
    @Test
    void theRunsCpuSplitsIntoStartUpWarmUpMeasuredPhaseAndEnd() {
        // the JVM used 10.00 s in its whole life: 2.86 s after the measured phase's last sample
        ThreadSamples.Phases phases = tenSamples().phases(3, 4, 10.0);

        assertThat(phases.startUpSeconds()).isCloseTo(1.34, within(1e-9));
        assertThat(phases.warmupSeconds()).isCloseTo(2.34, within(1e-9));
        assertThat(phases.measuredSeconds()).isCloseTo(3.46, within(1e-9));
        assertThat(phases.endSeconds()).isCloseTo(2.86, within(1e-9));
        assertThat(tenSamples().phases(3, 4, Double.NaN).endSeconds()).isNaN();
        assertThat(ThreadSamples.parse("@ 1\n" + stat(1, "java", 5, 0)).phases(3, 4, 1.0))
                .isSameAs(ThreadSamples.Phases.NONE);
    }

    @Test
    void samplesWithoutMarkersBeginWhereAThreadComesAgainAndAreOneSecondApart() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            text.append(stat(1, "java", 10 * i, 0)).append('\n');
            if (i >= 1) {
                text.append(stat(2, "producer-0", 100 * (i - 1), 0)).append('\n');
            }
        }

        // load at sample 1 (1 s); warm-up 2 s, duration 3 s: samples 3 (3 s) to 6 (6 s)
        ThreadSamples.Stretch phase = ThreadSamples.parse(text.toString()).measuredPhase(2, 3);

        assertThat(phase.wallSeconds()).isEqualTo(3.0);
        assertThat(phase.cpuSecondsByGroup()).containsEntry("java", 0.3).containsEntry("producer-#", 3.0);
    }

    @Test
    void aPhaseEndingAfterTheLastSampleEndsThere() {
        String text = String.join(
                "\n",
                "@ 10",
                stat(2, "producer-0", 0, 0),
                "@ 11",
                stat(2, "producer-0", 40, 0),
                "@ 12",
                stat(2, "producer-0", 90, 0));

        ThreadSamples.Stretch phase = ThreadSamples.parse(text).measuredPhase(1, 60);

        assertThat(phase.wallSeconds()).isEqualTo(1.0);
        assertThat(phase.cpuSecondsByGroup()).containsEntry("producer-#", 0.5);
    }

    @Test
    void linesCutShortAreLeftOut() {
        String text = String.join(
                "\n",
                "@ 10",
                stat(2, "producer-0", 10, 0),
                "@ 11",
                stat(2, "producer-0", 40, 0),
                "3 (consumer) S 1 1 1 0 -1 1077936192 100 0 0", // cut short: the sampler stopped writing
                "@ 12",
                stat(2, "producer-0", 90, 0),
                "@ 1x");

        ThreadSamples samples = ThreadSamples.parse(text);

        assertThat(samples.wholeLife()).containsOnlyKeys("producer-#").containsEntry("producer-#", 0.9);
        ThreadSamples.Stretch phase = samples.measuredPhase(1, 1); // samples at 11 and 12
        assertThat(phase.wallSeconds()).isEqualTo(1.0);
        assertThat(phase.cpuSecondsByGroup()).containsOnlyKeys("producer-#").containsEntry("producer-#", 0.5);
    }

    @Test
    void noPhaseWithoutTheLoadsThreadOrWithoutASampleAfterTheWarmUp() {
        String noLoad = String.join("\n", "@ 10", stat(1, "java", 1, 0), "@ 11", stat(1, "java", 2, 0));
        String shortRun = String.join("\n", "@ 10", stat(2, "producer-0", 1, 0), "@ 11", stat(2, "producer-0", 2, 0));

        for (String text : new String[] {noLoad, shortRun, ""}) {
            ThreadSamples.Stretch phase = ThreadSamples.parse(text).measuredPhase(5, 10);
            assertThat(phase).isSameAs(ThreadSamples.Stretch.NONE);
            assertThat(phase.cpuSeconds()).isNaN();
            assertThat(phase.cpuPerWallSecond()).isNaN();
        }
    }

    /**
     * Four marked samples 1 s apart; the load shows from the first. {@code producer-0} is put on a CPU 1,000
     * times a second, {@code consumer} 300; the third sample lost the producer's schedstat line (the thread
     * could not be read), a schedstat line of a thread without a stat line in its sample and one cut short
     * are left out, and {@code late} has no schedstat line at all.
     */
    @Test
    void timesOnACpuComeFromTheSchedstatLinesAndCountPerGroupOverThePhase() {
        String text = String.join(
                "\n",
                "@ 10",
                stat(2, "producer-0", 0, 0),
                stat(3, "consumer", 0, 0),
                "schedstat 2 1000 10 5000",
                "schedstat 3 1000 10 900",
                "schedstat 99 1000 10 123456", // a thread born after the stat lines were read
                "@ 11",
                stat(2, "producer-0", 10, 0),
                stat(3, "consumer", 5, 0),
                stat(4, "late", 1, 0),
                "schedstat 2 2000 20 6000",
                "schedstat 3 2000 20 1200",
                "@ 12",
                stat(2, "producer-0", 20, 0),
                stat(3, "consumer", 10, 0),
                stat(4, "late", 2, 0),
                "schedstat 3 3000 30 1500",
                "schedstat 2 3000", // cut short
                "@ 13",
                stat(2, "producer-0", 30, 0),
                stat(3, "consumer", 15, 0),
                stat(4, "late", 3, 0),
                "schedstat 2 4000 40 8000",
                "schedstat 3 4000 40 1800");

        ThreadSamples samples = ThreadSamples.parse(text);

        // warm-up 1 s, duration 2 s: samples at 11 and 13
        ThreadSamples.Stretch phase = samples.measuredPhase(1, 2);
        assertThat(phase.timesOnCpuByGroup())
                .containsOnlyKeys("producer-#", "consumer")
                .containsEntry("producer-#", 2000L)
                .containsEntry("consumer", 600L);
        assertThat(samples.measuredPhase(0, 1).timesOnCpuByGroup()) // samples at 10 and 11
                .containsEntry("producer-#", 1000L)
                .containsEntry("consumer", 300L);
        // samples at 11 and 12, where the producer's line is missing: its reading at 11 stands
        assertThat(samples.measuredPhase(1, 1).timesOnCpuByGroup())
                .containsEntry("producer-#", 0L)
                .containsEntry("consumer", 300L);
        assertThat(phase.cpuSecondsByGroup()).containsEntry("producer-#", 0.2).containsEntry("consumer", 0.1);
    }

    @Test
    void samplesWithoutSchedstatLinesHaveNoTimesOnACpu() {
        ThreadSamples.Stretch phase = tenSamples().measuredPhase(3, 4);

        assertThat(phase.timesOnCpuByGroup()).isEmpty();
        assertThat(phase.cpuSecondsByGroup()).isNotEmpty();
        assertThat(ThreadSamples.Stretch.NONE.timesOnCpuByGroup()).isEmpty();
    }
}
