package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.openmessaging.benchmark.schedule.RateSearchTrial;
import java.util.ArrayList;
import java.util.List;

/**
 * The max-rate search of a {@code producerRate: 0} run (docs/max-rate-search.md): how it searched, what
 * it found and every rate it tried. Ours. The JSON field order is that of {@link JsonPropertyOrder}.
 */
@JsonPropertyOrder({
    "foundRateMsgPerSec",
    "lowestFailedRateMsgPerSec",
    "subscriptions",
    "startRateMsgPerSec",
    "settleSeconds",
    "windowSeconds",
    "precision",
    "sustainedShare",
    "trials"
})
public class RateSearchSummary {

    /** The rate the measured phase ran at, msg/s; {@code null} when the search failed. */
    public Double foundRateMsgPerSec;

    /** The lowest rate that was not sustained, msg/s; {@code null} when none failed or the search failed. */
    public Double lowestFailedRateMsgPerSec;

    /** Subscriptions per topic that receive every message (consume target = subscriptions × rate). */
    public Integer subscriptions;

    /** Settings: first rate tried (msg/s), settle and window per trial (s), stop precision (fraction). */
    public Double startRateMsgPerSec;

    public Double settleSeconds;
    public Double windowSeconds;
    public Double precision;

    /** A trial is sustained when its achieved rates reach this share of their targets. */
    public Double sustainedShare;

    /** Every rate tried, in order. */
    public List<RateSearchTrial> trials = new ArrayList<>();
}
