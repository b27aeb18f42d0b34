package io.openmessaging.benchmark.measure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Run in a JVM of its own by {@link PhaseFlipDeoptimizationTest} (its profiles must start empty): records
 * values through a phaser in a method hot enough for the JIT's top tier, flips the phase once, records
 * again, and prints one line per deoptimization whose trap lies in {@link
 * WriterReaderPhaser#writerCriticalSectionExit} ({@code deopt <reason> <action>}), then {@code done}.
 *
 * <p>Mode {@code raw} uses a bare {@link WriterReaderPhaser} and never loads {@link ThreadRecorders}; mode
 * {@code recorders} records through {@link WorkerStats}, whose recorders guard their histograms with a
 * phaser, and flips with {@link WorkerStats#cutPeriod}.
 */
public final class PhaseFlipProbe {

    /** Calls of the hot method before the flip: past the top tier's thresholds (a few thousand). */
    private static final int HOT_CALLS = 30_000;

    /**
     * The one value recorded: the same every time, so that nothing but the phase's parity changes at the
     * flip (a new minimum or maximum would take a branch of the histogram's own never taken before).
     */
    private static final long VALUE_NANOS = 1_000;

    private static final WriterReaderPhaser PHASER = new WriterReaderPhaser();
    private static final Histogram HISTOGRAM = HistogramSpec.DEFAULT.newHistogram();
    /**
     * Reset and written now and then during the hot calls, so that the histogram's first-value branches
     * (new minimum, new maximum) are in the JIT's profile too: the flip hands the writers freshly reset
     * histograms, and a trap there would come before, and hide, the one this probe looks for.
     */
    private static final Histogram SCRATCH = HistogramSpec.DEFAULT.newHistogram();

    private PhaseFlipProbe() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path file = Files.createTempFile("phase-flip-probe", ".jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.Deoptimization");
            recording.start();
            switch (mode) {
                case "raw" -> raw();
                case "recorders" -> recorders();
                default -> throw new IllegalArgumentException("mode: raw or recorders, got " + mode);
            }
            recording.stop();
            recording.dump(file);
        }
        for (String line : deoptimizationsInPhaserExit(file)) {
            System.out.println(line);
        }
        Files.delete(file);
        System.out.println("done");
    }

    private static void raw() {
        for (int call = 0; call < HOT_CALLS; call++) {
            recordRaw();
            touchScratch(call);
        }
        PHASER.readerLock();
        try {
            PHASER.flipPhase();
        } finally {
            PHASER.readerUnlock();
        }
        recordRaw();
    }

    private static void recordRaw() {
        long epoch = PHASER.writerCriticalSectionEnter();
        try {
            HISTOGRAM.recordValue(VALUE_NANOS);
        } finally {
            PHASER.writerCriticalSectionExit(epoch);
        }
    }

    private static void recorders() {
        WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
        ThreadRecorders own = stats.recordersOf(null);
        for (int call = 0; call < HOT_CALLS; call++) {
            sendAndAck(stats, own);
            touchScratch(call);
        }
        stats.cutPeriod(0, 1);
        sendAndAck(stats, own);
    }

    private static void sendAndAck(WorkerStats stats, ThreadRecorders own) {
        stats.recordSent(own, 100, 1_000, 1_000 + VALUE_NANOS);
        stats.recordAcked(own, 1_000, 1_000 + VALUE_NANOS, 1_000 + 2 * VALUE_NANOS);
    }

    private static void touchScratch(int call) {
        if (call % 64 == 0) {
            SCRATCH.reset();
            SCRATCH.recordValue(VALUE_NANOS);
        }
    }

    private static List<String> deoptimizationsInPhaserExit(Path file) throws Exception {
        List<String> lines = new ArrayList<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            if (!event.getEventType().getName().equals("jdk.Deoptimization")) {
                continue;
            }
            RecordedMethod method = event.getValue("method");
            if (method.getType().getName().equals(WriterReaderPhaser.class.getName())
                    && method.getName().equals("writerCriticalSectionExit")) {
                lines.add("deopt " + event.getString("reason") + " " + event.getString("action"));
            }
        }
        return lines;
    }
}
