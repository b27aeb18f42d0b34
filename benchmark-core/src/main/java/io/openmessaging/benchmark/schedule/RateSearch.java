package io.openmessaging.benchmark.schedule;

import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.measure.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The max-sustainable-rate search of {@code producerRate: 0} (docs/max-rate-search.md): the highest
 * producer rate at which the producers' acknowledged rate reaches {@value
 * RateSearchSettings#SUSTAINED_SHARE} of the target and the consumers receive {@value
 * RateSearchSettings#SUSTAINED_SHARE} of {@code subscriptions × target}, so no backlog grows.
 *
 * <p>Each trial sets a rate, waits the settle time, then measures the window. The search first brackets
 * the capacity (doubling from the start rate while trials hold, halving while they fail), then bisects
 * the bracket geometrically until its ends are within the precision, then tries the lowest failed
 * rate once more (if it holds now, the failure was a hiccup: bracketing goes on upwards from it, at
 * most {@value #MAX_RECHECKS} times), then confirms the highest sustained rate with one more trial
 * (stepping down by the precision if it fails, at most {@value #MAX_CONFIRMATIONS} times). Achieved
 * counts may fall short of 99 % by {@value #IN_FLIGHT_ALLOWANCE_SECONDS} s of messages in flight. Every trial after the
 * first failure lies strictly inside the bracket, which only narrows: the rate never swings between extremes.
 *
 * <p>The schedules never reset, so a failed trial leaves the producers late and the consumers behind.
 * After each failed trial the search therefore <em>recovers</em>: it runs the producers at {@value
 * #RECOVERY_RATE_SHARE} of the failed rate until they have caught up with their schedules (their
 * acknowledged rate falls to that low rate) and the backlog has drained, so every trial, and the
 * measured phase after the search, starts on schedule. Recovery is bounded by {@link
 * #recoveryTimeoutNanos}; a system that does not recover in time is logged and the search goes on.
 *
 * <p>Not thread-safe; one search per instance.
 */
public final class RateSearch {

    private static final Logger log = LoggerFactory.getLogger(RateSearch.class);

    /** Confirmation trials before the search gives up on an unsteady system. */
    static final int MAX_CONFIRMATIONS = 3;

    /** How often the lowest failed rate is tried again after the bisection. */
    static final int MAX_RECHECKS = 2;

    /**
     * Messages in flight at a window's edges (a consumer's fetch, a batch awaiting its acknowledgement)
     * make the counts jitter: the achieved counts may fall short of the 99 % rule by this many seconds'
     * worth of messages.
     */
    static final double IN_FLIGHT_ALLOWANCE_SECONDS = 0.1;

    /** Share of the failed rate the producers run at while recovering. */
    static final double RECOVERY_RATE_SHARE = 0.01;

    /** How often recovery checks whether the producers and consumers have caught up. */
    static final long RECOVERY_CHECK_NANOS = 500_000_000L;

    private final RateSearchSettings settings;
    private final int subscriptions;
    private final Clock clock;
    private final List<RateSearchTrial> trials = new ArrayList<>();

    /**
     * @param subscriptions subscriptions that receive every message (0 for a producer-only run)
     */
    public RateSearch(RateSearchSettings settings, int subscriptions, Clock clock) {
        if (subscriptions < 0) {
            throw new IllegalArgumentException("subscriptions must not be negative, got " + subscriptions);
        }
        this.settings = settings;
        this.subscriptions = subscriptions;
        this.clock = clock;
    }

    /**
     * Searches; leaves {@code target} at the rate tried last (the caller sets the found rate).
     *
     * @throws RateSearchException when not even {@value RateSearchSettings#MIN_RATE_MSG_PER_SEC} msg/s holds,
     *     or the found rate fails every confirmation
     * @throws Exception whatever {@code target} throws (a failed or aborted run)
     */
    public RateSearchResult run(RateSearchTarget target) throws Exception {
        double sustained = Double.NaN;
        double failed = Double.NaN;
        double rate = settings.startRateMsgPerSec();
        for (int recheck = 0; ; recheck++) {
            while (Double.isNaN(sustained) || Double.isNaN(failed)) {
                if (trial(target, "bracket", rate).sustained()) {
                    sustained = rate;
                    if (Double.isNaN(failed)) {
                        if (rate >= settings.maxRateMsgPerSec()) {
                            log.info("Rate search: {} msg/s, the search's upper limit, is sustained", fmt(rate));
                            return new RateSearchResult(rate, null, subscriptions, trials);
                        }
                        rate = Math.min(2 * rate, settings.maxRateMsgPerSec());
                    }
                } else {
                    failed = rate;
                    if (Double.isNaN(sustained)) {
                        if (rate <= RateSearchSettings.MIN_RATE_MSG_PER_SEC) {
                            throw new RateSearchException(
                                    "max-rate search: not even " + fmt(rate) + " msg/s is sustained; " + lastVerdict());
                        }
                        rate = Math.max(rate / 2, RateSearchSettings.MIN_RATE_MSG_PER_SEC);
                    }
                }
            }
            while (failed / sustained > 1 + settings.precision()) {
                double middle = Math.sqrt(sustained * failed);
                if (trial(target, "bisect", middle).sustained()) {
                    sustained = middle;
                } else {
                    failed = middle;
                }
            }
            // one failure by a hiccup would cap the result: try the lowest failed rate once more
            if (recheck >= MAX_RECHECKS || !trial(target, "recheck", failed).sustained()) {
                break;
            }
            sustained = failed;
            failed = Double.NaN;
            rate = Math.min(2 * sustained, settings.maxRateMsgPerSec());
        }
        for (int confirmation = 1; confirmation <= MAX_CONFIRMATIONS; confirmation++) {
            if (trial(target, "confirm", sustained).sustained()) {
                log.info(
                        "Rate search: {} msg/s is sustained, {} msg/s is not; measuring at {} msg/s",
                        fmt(sustained),
                        fmt(failed),
                        fmt(sustained));
                return new RateSearchResult(sustained, failed, subscriptions, trials);
            }
            failed = sustained;
            sustained = sustained / (1 + settings.precision());
        }
        throw new RateSearchException("max-rate search: the rate found failed " + MAX_CONFIRMATIONS
                + " confirmations in a row (the system's capacity is unsteady); " + lastVerdict()
                + "; give a fixed producerRate, or lengthen rateSearchWindow");
    }

    /** The trials so far (all of them once {@link #run} returned or threw). */
    public List<RateSearchTrial> trials() {
        return List.copyOf(trials);
    }

    private RateSearchTrial trial(RateSearchTarget target, String stage, double rate) throws Exception {
        target.setRate(rate);
        target.awaitUntil(clock.monotonicNanos() + settings.settleDuration().toNanos());
        Counters start = target.totals();
        long startNanos = clock.monotonicNanos();
        target.awaitUntil(startNanos + settings.windowDuration().toNanos());
        Counters end = target.totals();
        long endNanos = clock.monotonicNanos();
        double seconds = Math.max(1e-9, (endNanos - startNanos) / 1e9);
        Counters delta = end.minus(start);
        double publishRate = delta.messagesAcked() / seconds;
        double consumeRate = delta.messagesReceived() / seconds;
        double consumeTarget = subscriptions * rate;
        long backlogStart = backlog(start);
        long backlogEnd = backlog(end);
        boolean sustained = holds(delta.messagesAcked(), rate, seconds)
                && holds(delta.messagesReceived(), consumeTarget, seconds)
                && delta.sendErrors() == 0;
        log.info(
                "Rate search trial {} ({}): {} msg/s: published {} msg/s, consumed {} of {} msg/s, backlog {}"
                        + " → {}, {} send errors: {}",
                trials.size() + 1,
                stage,
                fmt(rate),
                fmt(publishRate),
                fmt(consumeRate),
                fmt(consumeTarget),
                backlogStart,
                backlogEnd,
                delta.sendErrors(),
                sustained ? "sustained" : "not sustained");
        Double recoverySeconds = sustained ? null : recover(target, rate, end, endNanos);
        RateSearchTrial trial = new RateSearchTrial(
                trials.size() + 1,
                stage,
                rate,
                publishRate,
                consumeRate,
                consumeTarget,
                backlogStart,
                backlogEnd,
                (backlogEnd - backlogStart) / seconds,
                delta.sendErrors(),
                sustained,
                recoverySeconds);
        trials.add(trial);
        return trial;
    }

    /**
     * Runs at a low rate until the producers are back on schedule and the backlog has drained; returns how
     * long that took in seconds.
     */
    private double recover(RateSearchTarget target, double failedRate, Counters previous, long previousNanos)
            throws Exception {
        double lowRate = Math.max(RateSearchSettings.MIN_RATE_MSG_PER_SEC, failedRate * RECOVERY_RATE_SHARE);
        target.setRate(lowRate);
        long startNanos = previousNanos;
        long deadlineNanos = startNanos + recoveryTimeoutNanos();
        while (true) {
            target.awaitUntil(clock.monotonicNanos() + RECOVERY_CHECK_NANOS);
            Counters now = target.totals();
            long nowNanos = clock.monotonicNanos();
            double seconds = (nowNanos - previousNanos) / 1e9;
            long acked = now.messagesAcked() - previous.messagesAcked();
            boolean onSchedule = acked <= 1.5 * lowRate * seconds + 2;
            boolean drained = backlog(now) <= subscriptions * Math.max(10, lowRate);
            if (onSchedule && drained) {
                double recoverySeconds = (nowNanos - startNanos) / 1e9;
                log.info(
                        "Rate search: recovered in {} s at {} msg/s",
                        String.format(Locale.ROOT, "%.1f", recoverySeconds),
                        fmt(lowRate));
                return recoverySeconds;
            }
            if (nowNanos >= deadlineNanos) {
                log.warn(
                        "Rate search: not recovered after {} s at {} msg/s (still {} of backlog, {} msg/s"
                                + " acknowledged); going on",
                        (nowNanos - startNanos) / 1_000_000_000L,
                        fmt(lowRate),
                        backlog(now),
                        fmt(acked / seconds));
                return (nowNanos - startNanos) / 1e9;
            }
            previous = now;
            previousNanos = nowNanos;
        }
    }

    /** Recovery gives up after four trials' time, and never before 30 s. */
    long recoveryTimeoutNanos() {
        long trialNanos =
                settings.settleDuration().toNanos() + settings.windowDuration().toNanos();
        return Math.max(30_000_000_000L, 4 * trialNanos);
    }

    /** Whether {@code count} messages in {@code seconds} reach the 99 % rule for {@code targetRate}. */
    private static boolean holds(long count, double targetRate, double seconds) {
        return count >= targetRate * (RateSearchSettings.SUSTAINED_SHARE * seconds - IN_FLIGHT_ALLOWANCE_SECONDS);
    }

    private long backlog(Counters totals) {
        return subscriptions == 0 ? 0 : Math.max(0, totals.messagesAcked() * subscriptions - totals.messagesReceived());
    }

    private String lastVerdict() {
        RateSearchTrial last = trials.get(trials.size() - 1);
        return String.format(
                Locale.ROOT,
                "at %s msg/s the producers achieved %s msg/s and the consumers %s of %s"
                        + " msg/s, with %d send errors",
                fmt(last.targetRateMsgPerSec()),
                fmt(last.publishRateMsgPerSec()),
                fmt(last.consumeRateMsgPerSec()),
                fmt(last.consumeTargetMsgPerSec()),
                last.sendErrors());
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }
}
