package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One step of a rate plan ({@code producerRateSteps} or {@code producerRateRamp}) as it ran: the row of
 * the step table in the result. Ours. The JSON field order is that of {@link JsonPropertyOrder}.
 */
@JsonPropertyOrder({
    "step",
    "targetRateMsgPerSec",
    "startSeconds",
    "durationSeconds",
    "periods",
    "publishRateAvg",
    "consumeRateAvg"
})
public class RatePlanStep {

    /** 1, 2, …: the value {@link TestResult#rateStep} gives the step's periods. */
    public Integer step;

    /** Rate of all producers together during the step, msg/s. */
    public Double targetRateMsgPerSec;

    /** Start of the step, seconds after the measured phase started. */
    public Double startSeconds;

    /** Length of the step in seconds. */
    public Double durationSeconds;

    /** Measured periods that belong to the step. */
    public Integer periods;

    /** Mean publish and consume rate over those periods, msg/s; {@code null} without periods. */
    public Double publishRateAvg;

    public Double consumeRateAvg;
}
