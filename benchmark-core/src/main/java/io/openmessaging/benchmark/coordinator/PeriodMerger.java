package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Merges the workers' periods by time, never by index: a worker's periods need not line up with the
 * others' (a stalled worker cuts one long period and then, catching up, several empty ones).
 *
 * <p>Each worker's periods form <em>segments</em>: the periods of one phase from the moment its sampling
 * (re)started until the phase changed or the coordinator cut the phase's last period. Within a segment
 * every period is placed on the worker's own clock relative to the segment's start, and the merged
 * segment is cut into windows of one sample period each: window <i>k</i> covers {@code [k × period, (k +
 * 1) × period)} after the start, and takes every worker period whose midpoint falls in it, whole (counters
 * summed, histograms added). A window's rates are its counts over its length, one sample period: a
 * worker's long stalled period lands in one window and its empty catch-up periods add nothing, so the other
 * workers' figures stay right. The last window of a segment runs from the window holding the start of
 * the workers' earliest last period to the latest end, so that a partial last period is not cut in two.
 *
 * <p>A merged window's bounds are the mean of the workers' segment starts plus the window's offsets.
 * Threading: coordinator thread only.
 */
final class PeriodMerger {

    private static final Logger log = LoggerFactory.getLogger(PeriodMerger.class);

    /** One worker's periods of one phase since its sampling started, on its own clock. */
    private static final class Segment {
        final StatsSnapshot.Phase phase;
        final long originNanos;
        final ArrayDeque<PeriodStats> periods = new ArrayDeque<>();
        /** End of the last period received, relative to the origin. */
        long reachedNanos;
        /** Start of the last period received, relative to the origin. */
        long lastStartNanos;

        boolean closed;

        Segment(StatsSnapshot.Phase phase, long originNanos) {
            this.phase = phase;
            this.originNanos = originNanos;
        }

        void add(PeriodStats period) {
            periods.addLast(period);
            lastStartNanos = period.startEpochNanos() - originNanos;
            reachedNanos = period.endEpochNanos() - originNanos;
        }

        /** No later period of this worker can fall before this offset. */
        long settledNanos() {
            return closed ? lastStartNanos : reachedNanos;
        }

        long midpointNanos(PeriodStats period) {
            return (period.startEpochNanos() + period.endEpochNanos()) / 2 - originNanos;
        }
    }

    private final long periodNanos;
    private final List<ArrayDeque<Segment>> segments = new ArrayList<>();
    /** Per worker: running totals at the end of its last period merged. */
    private final Counters[] totals;

    private Histogram[] emptyTemplate;
    /** The next window of the current merged segment to emit. */
    private long nextWindow;

    private long mergedSeq;

    PeriodMerger(int workers, long periodNanos) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("sample period must be positive: " + periodNanos + " ns");
        }
        this.periodNanos = periodNanos;
        this.totals = new Counters[workers];
        Arrays.fill(totals, Counters.ZERO);
        for (int i = 0; i < workers; i++) {
            segments.add(new ArrayDeque<>());
        }
    }

    /** Takes worker {@code worker}'s next snapshot; a change of phase starts a new segment. */
    void add(int worker, StatsSnapshot snapshot) {
        if (emptyTemplate == null) {
            emptyTemplate = snapshot.stats().histograms();
        }
        Segment last = segments.get(worker).peekLast();
        if (last == null || last.closed || last.phase != snapshot.phase()) {
            if (last != null) {
                last.closed = true;
            }
            last = new Segment(snapshot.phase(), snapshot.stats().startEpochNanos());
            segments.get(worker).addLast(last);
        }
        last.add(snapshot.stats());
    }

    /** The coordinator cut worker {@code worker}'s last period of its current phase: its segment ends. */
    void closeSegment(int worker) {
        Segment last = segments.get(worker).peekLast();
        if (last != null) {
            last.closed = true;
        }
    }

    /** The windows now complete on every worker, in order. */
    List<StatsSnapshot> complete() {
        return merge(false);
    }

    /**
     * Everything received, merged as if every segment were closed; a worker without periods left is left
     * out. For the end of a failed run, when some worker's last periods will never come.
     */
    List<StatsSnapshot> flush() {
        segments.forEach(queue -> queue.forEach(segment -> segment.closed = true));
        return merge(true);
    }

    private List<StatsSnapshot> merge(boolean leaveOutEmpty) {
        List<StatsSnapshot> merged = new ArrayList<>();
        while (true) {
            if (!leaveOutEmpty && segments.stream().anyMatch(ArrayDeque::isEmpty)) {
                return merged;
            }
            StatsSnapshot.Phase phase = segments.stream()
                    .filter(queue -> !queue.isEmpty())
                    .map(queue -> queue.peekFirst().phase)
                    .min(Enum::compareTo)
                    .orElse(null);
            if (phase == null) {
                return merged;
            }
            Segment[] heads = new Segment[segments.size()];
            long settled = Long.MAX_VALUE;
            boolean allClosed = true;
            long originSum = 0;
            int count = 0;
            for (int i = 0; i < heads.length; i++) {
                Segment head = segments.get(i).peekFirst();
                if (head == null) {
                    continue;
                }
                if (head.phase != phase) {
                    // a worker skipped a phase (only when a failed run's cuts did not reach it)
                    log.warn("Workers disagree on the phase of a period; merging the {} periods without it", phase);
                    continue;
                }
                heads[i] = head;
                settled = Math.min(settled, head.settledNanos());
                allClosed &= head.closed;
                originSum += head.originNanos;
                count++;
            }
            long origin = originSum / count;
            long regularWindows = settled / periodNanos;
            for (; nextWindow < regularWindows; nextWindow++) {
                long endOffset = (nextWindow + 1) * periodNanos;
                merged.add(window(heads, phase, origin + nextWindow * periodNanos, origin + endOffset, endOffset));
            }
            if (!allClosed) {
                return merged;
            }
            long lastEnd = 0;
            boolean left = false;
            for (Segment head : heads) {
                if (head != null) {
                    lastEnd = Math.max(lastEnd, head.reachedNanos);
                    left |= !head.periods.isEmpty();
                }
            }
            if (left) {
                // the rest: periods whose midpoint lies in the window holding the earliest last start, or later
                long start = nextWindow * periodNanos;
                merged.add(window(heads, phase, origin + start, origin + Math.max(start, lastEnd), Long.MAX_VALUE));
            }
            for (int i = 0; i < heads.length; i++) {
                if (heads[i] != null) {
                    segments.get(i).removeFirst();
                }
            }
            nextWindow = 0;
        }
    }

    /** Takes from every head the periods whose midpoint lies before {@code beforeOffset}, merged. */
    private StatsSnapshot window(
            Segment[] heads, StatsSnapshot.Phase phase, long startNanos, long endNanos, long beforeOffset) {
        Counters delta = Counters.ZERO;
        Histogram[] histograms = new Histogram[emptyTemplate.length];
        for (int m = 0; m < histograms.length; m++) {
            histograms[m] = emptyTemplate[m].copy();
            histograms[m].reset();
        }
        Counters windowTotals = Counters.ZERO;
        for (int i = 0; i < heads.length; i++) {
            Segment head = heads[i];
            while (head != null
                    && !head.periods.isEmpty()
                    && head.midpointNanos(head.periods.peekFirst()) < beforeOffset) {
                PeriodStats period = head.periods.pollFirst();
                delta = delta.plus(period.delta());
                for (int m = 0; m < histograms.length; m++) {
                    histograms[m].add(period.histograms()[m]);
                }
                totals[i] = period.totals();
            }
            windowTotals = windowTotals.plus(totals[i]);
        }
        PeriodStats stats = new PeriodStats(startNanos, endNanos, delta, windowTotals, histograms);
        return new StatsSnapshot(++mergedSeq, phase, stats);
    }
}
