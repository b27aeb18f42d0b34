package io.openmessaging.benchmark.result;

/**
 * The estimated offset of one worker's wall clock from the coordinator's, measured NTP style, with its
 * error bound (half the round trip of the best probe). End-to-end values between two workers are only
 * as good as the sum of their bounds.
 *
 * @param worker the worker's address as given on the command line, or {@code local}
 * @param offsetNanos worker clock minus coordinator clock, in nanoseconds
 * @param errorBoundNanos the true offset lies within {@code offsetNanos ± errorBoundNanos}, in nanoseconds
 */
public record ClockOffset(String worker, long offsetNanos, long errorBoundNanos) {}
