package io.openmessaging.benchmark.loopback;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The configured stalls of one driver as nanosecond windows, anchored at the driver's first send.
 * Thread-safe: the anchor is set once, by whichever producer sends first.
 */
final class StallWindows {

    private static final long UNANCHORED = Long.MIN_VALUE;

    private final long[] blockSendStartNanos;
    private final long[] blockSendEndNanos;
    private final long[] freezeStartNanos;
    private final long[] freezeEndNanos;
    private final long[] failSendStartNanos;
    private final long[] failSendEndNanos;
    private final AtomicLong anchorMonotonicNanos = new AtomicLong(UNANCHORED);

    private StallWindows(List<LoopbackStall> stalls) {
        List<LoopbackStall> blockSends = ofKind(stalls, LoopbackStall.Kind.BLOCK_SEND);
        List<LoopbackStall> freezes = ofKind(stalls, LoopbackStall.Kind.FREEZE);
        blockSendStartNanos = startNanos(blockSends);
        blockSendEndNanos = endNanos(blockSends);
        freezeStartNanos = startNanos(freezes);
        freezeEndNanos = endNanos(freezes);
        List<LoopbackStall> failSends = ofKind(stalls, LoopbackStall.Kind.FAIL_SEND);
        failSendStartNanos = startNanos(failSends);
        failSendEndNanos = endNanos(failSends);
    }

    /** Whether a send at {@code nowNanos} falls in a {@code FAIL_SEND} window. */
    boolean failsSendAt(long nowNanos) {
        return endOfWindowsContaining(failSendStartNanos, failSendEndNanos, nowNanos) != nowNanos;
    }

    /** The windows of {@code stalls}, or {@code null} when there are none (the sender then skips all checks). */
    static StallWindows of(List<LoopbackStall> stalls) {
        return stalls.isEmpty() ? null : new StallWindows(stalls);
    }

    /** Anchors the windows at {@code nowNanos} unless a send already did. */
    void anchorAtFirstSend(long nowNanos) {
        if (anchorMonotonicNanos.get() == UNANCHORED) {
            anchorMonotonicNanos.compareAndSet(UNANCHORED, nowNanos);
        }
    }

    /**
     * When {@code nowNanos} falls in a {@code BLOCK_SEND} window, the end of that window (or of the
     * chain of windows that overlap it); otherwise {@code nowNanos}.
     */
    long blockSendUntil(long nowNanos) {
        return endOfWindowsContaining(blockSendStartNanos, blockSendEndNanos, nowNanos);
    }

    /**
     * When a callback due at {@code dueNanos} falls in a {@code FREEZE} window, the end of that window
     * (or of the chain of windows that overlap it); otherwise {@code dueNanos}.
     */
    long afterFreezes(long dueNanos) {
        return endOfWindowsContaining(freezeStartNanos, freezeEndNanos, dueNanos);
    }

    private long endOfWindowsContaining(long[] startNanos, long[] endNanos, long nanos) {
        long anchor = anchorMonotonicNanos.get();
        if (startNanos.length == 0 || anchor == UNANCHORED) {
            return nanos;
        }
        long sinceAnchor = nanos - anchor;
        boolean moved;
        do {
            moved = false;
            for (int i = 0; i < startNanos.length; i++) {
                if (sinceAnchor >= startNanos[i] && sinceAnchor < endNanos[i]) {
                    sinceAnchor = endNanos[i];
                    moved = true;
                }
            }
        } while (moved);
        return anchor + sinceAnchor;
    }

    private static List<LoopbackStall> ofKind(List<LoopbackStall> stalls, LoopbackStall.Kind kind) {
        return stalls.stream().filter(s -> s.kind() == kind).toList();
    }

    private static long[] startNanos(List<LoopbackStall> stalls) {
        return stalls.stream()
                .mapToLong(s -> TimeUnit.MILLISECONDS.toNanos(s.startAfterMillis()))
                .toArray();
    }

    private static long[] endNanos(List<LoopbackStall> stalls) {
        return stalls.stream()
                .mapToLong(s -> TimeUnit.MILLISECONDS.toNanos(s.startAfterMillis() + s.durationMillis()))
                .toArray();
    }
}
