package io.openmessaging.benchmark.loopback;

import java.util.Locale;

/** How the loopback driver times acknowledgements and deliveries; chosen once from the settings. */
enum TimingMode {
    /**
     * No delays and no freezes: the acknowledgement and every delivery happen inside {@code sendAsync}
     * on the producer thread. No scheduler thread, no clock reads, no allocation. The fast path.
     */
    IMMEDIATE,
    /**
     * {@code synchronousDelays: true}: inside {@code sendAsync}, the producer thread waits with {@code
     * clock.sleepUntil} until each callback is due, then calls it. Deterministic on a manual clock.
     */
    INLINE_DELAYS,
    /**
     * A delay or a freeze is configured: one daemon scheduler thread per driver completes each callback
     * at its due time. A callback already due at send, with nothing of its kind waiting in the
     * scheduler, still runs inline.
     */
    SCHEDULER;

    /** The name used in {@code describe()} and the docs, e.g. {@code inline-delays}. */
    String displayName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
