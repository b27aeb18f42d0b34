package io.openmessaging.benchmark.schedule;

import java.util.List;

/**
 * What {@link RateSearch} found.
 *
 * @param foundRateMsgPerSec the highest rate that was sustained (and confirmed); the measured phase
 *     runs at it
 * @param lowestFailedRateMsgPerSec the lowest rate that was not sustained, or {@code null} when even
 *     {@link RateSearchSettings#maxRateMsgPerSec()} was
 * @param subscriptions subscriptions per topic that receive every message (0: producer-only)
 * @param trials every rate tried, in order
 */
public record RateSearchResult(
        double foundRateMsgPerSec, Double lowestFailedRateMsgPerSec, int subscriptions, List<RateSearchTrial> trials) {

    public RateSearchResult {
        trials = List.copyOf(trials);
    }
}
