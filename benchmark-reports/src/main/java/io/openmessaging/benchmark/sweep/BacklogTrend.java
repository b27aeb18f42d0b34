package io.openmessaging.benchmark.sweep;

/**
 * How the backlog moved over the last half of a step's measured phase: the least-squares slope of the
 * backlog samples against time.
 *
 * @param points backlog samples the slope is fitted to
 * @param slopeMsgPerSec backlog growth in messages per second (negative: shrinking)
 * @param slopeRatio the slope as a share of the consume target ({@code subscriptions × target rate});
 *     0 when there is no consume target (producer-only)
 * @param oneSidedPValue probability of a slope at least this steep if the backlog were flat with the same
 *     noise (t-test of the regression slope); {@code NaN} with fewer than 3 points or a perfectly flat backlog
 * @param growing whether the rule counts the backlog as growing
 */
public record BacklogTrend(
        int points, double slopeMsgPerSec, double slopeRatio, double oneSidedPValue, boolean growing) {}
