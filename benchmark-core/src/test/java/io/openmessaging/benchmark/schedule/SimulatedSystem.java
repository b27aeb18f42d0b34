package io.openmessaging.benchmark.schedule;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.measure.Counters;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A messaging system with known capacities, simulated in 10 ms steps on a {@link ManualClock}: the
 * producers follow an intended-time schedule that never resets (a late producer sends at full capacity
 * until it has caught up), the broker acknowledges at most {@code publishCapacityMsgPerSec}, and the
 * consumers of all subscriptions together receive at most {@code deliveryCapacityMsgPerSec}. Its
 * sustainable rate is therefore {@code min(publishCapacity, deliveryCapacity / subscriptions)}.
 *
 * <p>{@code noise} makes each step's capacities vary uniformly by ± that share (seeded: reproducible).
 */
final class SimulatedSystem implements RateSearchTarget {

    private static final long STEP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final ManualClock clock;
    private final double publishCapacityMsgPerSec;
    private final double deliveryCapacityMsgPerSec;
    private final int subscriptions;
    private final double noise;
    private final SplittableRandom random;
    private double rateMsgPerSec;
    private double intended;
    private double acked;
    private double received;
    private long hiccupFromNanos = -1;
    private long hiccupToNanos = -1;

    SimulatedSystem(
            ManualClock clock,
            double publishCapacityMsgPerSec,
            double deliveryCapacityMsgPerSec,
            int subscriptions,
            double noise,
            long seed) {
        this.clock = clock;
        this.publishCapacityMsgPerSec = publishCapacityMsgPerSec;
        this.deliveryCapacityMsgPerSec = deliveryCapacityMsgPerSec;
        this.subscriptions = subscriptions;
        this.noise = noise;
        this.random = new SplittableRandom(seed);
    }

    /** A system whose sustainable rate is {@code capacity}, limited by the consumers when there are any. */
    static SimulatedSystem withCapacity(ManualClock clock, double capacityMsgPerSec, int subscriptions) {
        double publish = subscriptions == 0 ? capacityMsgPerSec : 2 * capacityMsgPerSec;
        return new SimulatedSystem(clock, publish, capacityMsgPerSec * Math.max(1, subscriptions), subscriptions, 0, 1);
    }

    /** Between the two clock readings every capacity falls to a tenth (a garbage-collection pause, say). */
    SimulatedSystem withHiccup(long fromNanos, long toNanos) {
        hiccupFromNanos = fromNanos;
        hiccupToNanos = toNanos;
        return this;
    }

    double sustainableRateMsgPerSec() {
        return subscriptions == 0
                ? publishCapacityMsgPerSec
                : Math.min(publishCapacityMsgPerSec, deliveryCapacityMsgPerSec / subscriptions);
    }

    @Override
    public void setRate(double totalMsgPerSec) {
        rateMsgPerSec = totalMsgPerSec;
    }

    @Override
    public Counters totals() {
        return new Counters((long) acked, 0, 0, (long) acked, (long) received, 0, 0, 0, 0, 0);
    }

    @Override
    public void awaitUntil(long monotonicNanos) {
        while (clock.monotonicNanos() < monotonicNanos) {
            long step = Math.min(STEP_NANOS, monotonicNanos - clock.monotonicNanos());
            double seconds = step / 1e9;
            intended += rateMsgPerSec * seconds;
            acked += Math.min(intended - acked, vary(publishCapacityMsgPerSec) * seconds);
            received += Math.min(acked * subscriptions - received, vary(deliveryCapacityMsgPerSec) * seconds);
            clock.advanceNanos(step);
        }
    }

    private double vary(double capacity) {
        long now = clock.monotonicNanos();
        double hiccup = now >= hiccupFromNanos && now < hiccupToNanos ? 0.1 : 1;
        return hiccup * (noise == 0 ? capacity : capacity * (1 + noise * (2 * random.nextDouble() - 1)));
    }
}
