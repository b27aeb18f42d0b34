package io.openmessaging.benchmark.schedule;

import java.time.Duration;

/**
 * How {@link RateSearch} searches.
 *
 * @param startRateMsgPerSec first rate tried, msg/s of all producers together
 * @param settleDuration time at a new rate before its window starts (buffers fill, catch-up ends)
 * @param windowDuration time over which the achieved rates of a trial are measured
 * @param precision the search stops when the highest sustained rate and the lowest failed rate are
 *     within this fraction of each other (0.02: within 2 %)
 * @param maxRateMsgPerSec bracketing stops here: when this rate is sustained it is the result
 */
public record RateSearchSettings(
        double startRateMsgPerSec,
        Duration settleDuration,
        Duration windowDuration,
        double precision,
        double maxRateMsgPerSec) {

    /** A trial is sustained when its achieved rates reach this share of their targets (Confluent's 99 %). */
    public static final double SUSTAINED_SHARE = 0.99;

    /** The lowest rate the search tries; failing there fails the search. */
    public static final double MIN_RATE_MSG_PER_SEC = 1;

    /** Defaults: start at 10,000 msg/s (upstream's start), settle 5 s, window 10 s, precision 2 %. */
    public static final double DEFAULT_START_RATE_MSG_PER_SEC = 10_000;

    public static final Duration DEFAULT_SETTLE_DURATION = Duration.ofSeconds(5);
    public static final Duration DEFAULT_WINDOW_DURATION = Duration.ofSeconds(10);
    public static final double DEFAULT_PRECISION = 0.02;
    public static final double DEFAULT_MAX_RATE_MSG_PER_SEC = 100_000_000;

    public RateSearchSettings {
        if (!(startRateMsgPerSec >= MIN_RATE_MSG_PER_SEC) || Double.isInfinite(startRateMsgPerSec)) {
            throw new IllegalArgumentException(
                    "start rate must be a finite msg/s of at least 1, got " + startRateMsgPerSec);
        }
        if (settleDuration.isNegative()) {
            throw new IllegalArgumentException("settle duration must not be negative, got " + settleDuration);
        }
        if (windowDuration.isNegative() || windowDuration.isZero()) {
            throw new IllegalArgumentException("window duration must be positive, got " + windowDuration);
        }
        if (!(precision > 0 && precision <= 1)) {
            throw new IllegalArgumentException("precision must be above 0 and at most 1, got " + precision);
        }
        if (!(maxRateMsgPerSec >= startRateMsgPerSec) || Double.isInfinite(maxRateMsgPerSec)) {
            throw new IllegalArgumentException("max rate must be finite and at least the start rate "
                    + startRateMsgPerSec + ", got " + maxRateMsgPerSec);
        }
    }

    public static RateSearchSettings defaults() {
        return new RateSearchSettings(
                DEFAULT_START_RATE_MSG_PER_SEC,
                DEFAULT_SETTLE_DURATION,
                DEFAULT_WINDOW_DURATION,
                DEFAULT_PRECISION,
                DEFAULT_MAX_RATE_MSG_PER_SEC);
    }
}
