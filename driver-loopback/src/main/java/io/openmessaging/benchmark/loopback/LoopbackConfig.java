package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.DriverException;
import java.util.List;
import java.util.Objects;

/**
 * Settings of the {@link LoopbackDriver}, from a driver YAML ({@link #fromYaml}) or built in code
 * ({@link #defaults()} and the {@code with…} methods). Every setting, its default and its rule is
 * declared here once; the YAML parser and {@code docs/drivers/loopback.md} follow it. Immutable.
 *
 * @param ackDelayMicros time from send to acknowledgement, in microseconds (default 0)
 * @param deliveryDelayMicros time from send to delivery to every subscription, in microseconds
 *     (default 0)
 * @param topicPrefix prefix of the topic names a run creates (default {@value #DEFAULT_TOPIC_PREFIX})
 * @param stalls windows of deliberate misbehaviour, measured from the driver's first send (default
 *     none)
 * @param synchronousDelays when {@code true}, delays and freezes are served inline on the producer
 *     thread with {@code clock.sleepUntil} before each callback, which is deterministic on a manual
 *     clock; when {@code false} (default), a scheduler thread completes them at their due time
 * @param maxHeldMessages how many messages may wait in memory for paused consumers, over the whole
 *     driver; a send made while the limit is reached fails (default {@value #DEFAULT_MAX_HELD_MESSAGES})
 * @param maxSendRateMsgPerSec throughput cap of the whole driver: sends are paced to at most this many
 *     per second, a send over the cap blocks its producer thread until its turn (back-pressure, as a full
 *     client buffer does); 0 means no cap (default)
 * @param faults messages dropped, duplicated or reordered on purpose (default none); only without delays
 */
public record LoopbackConfig(
        long ackDelayMicros,
        long deliveryDelayMicros,
        String topicPrefix,
        List<LoopbackStall> stalls,
        boolean synchronousDelays,
        long maxHeldMessages,
        long maxSendRateMsgPerSec,
        List<LoopbackFault> faults) {

    public static final long DEFAULT_ACK_DELAY_MICROS = 0;
    public static final long DEFAULT_DELIVERY_DELAY_MICROS = 0;
    public static final String DEFAULT_TOPIC_PREFIX = "loopback-topic";
    public static final boolean DEFAULT_SYNCHRONOUS_DELAYS = false;
    public static final long DEFAULT_MAX_HELD_MESSAGES = 1_000_000;
    public static final long DEFAULT_MAX_SEND_RATE_MSG_PER_SEC = 0;

    /** Upper bound of {@link #maxSendRateMsgPerSec}. */
    public static final long MAX_MAX_SEND_RATE_MSG_PER_SEC = 1_000_000_000;

    /** Upper bound of {@link #maxHeldMessages}. */
    public static final long MAX_MAX_HELD_MESSAGES = 1_000_000_000;

    /** Upper bound of both delays: one hour. */
    public static final long MAX_DELAY_MICROS = 3_600_000_000L;

    public LoopbackConfig {
        requireDelay("ackDelayMicros", ackDelayMicros);
        requireDelay("deliveryDelayMicros", deliveryDelayMicros);
        requireTopicPrefix(topicPrefix);
        stalls = List.copyOf(Objects.requireNonNull(stalls, "stalls"));
        requireMaxHeldMessages(maxHeldMessages);
        requireMaxSendRate(maxSendRateMsgPerSec);
        faults = List.copyOf(Objects.requireNonNull(faults, "faults"));
        boolean delays = ackDelayMicros > 0
                || deliveryDelayMicros > 0
                || synchronousDelays
                || stalls.stream().anyMatch(s -> s.kind() == LoopbackStall.Kind.FREEZE);
        if (!faults.isEmpty() && delays) {
            throw new IllegalArgumentException("faults apply to messages delivered at once: they need no"
                    + " ackDelayMicros, deliveryDelayMicros, FREEZE stall or synchronousDelays");
        }
    }

    /** Settings without a throughput cap and without faults. */
    public LoopbackConfig(
            long ackDelayMicros,
            long deliveryDelayMicros,
            String topicPrefix,
            List<LoopbackStall> stalls,
            boolean synchronousDelays,
            long maxHeldMessages) {
        this(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                DEFAULT_MAX_SEND_RATE_MSG_PER_SEC,
                List.of());
    }

    /** Every setting at its default: no delays, no stalls, the scheduler-free fast path. */
    public static LoopbackConfig defaults() {
        return new LoopbackConfig(
                DEFAULT_ACK_DELAY_MICROS,
                DEFAULT_DELIVERY_DELAY_MICROS,
                DEFAULT_TOPIC_PREFIX,
                List.of(),
                DEFAULT_SYNCHRONOUS_DELAYS,
                DEFAULT_MAX_HELD_MESSAGES,
                DEFAULT_MAX_SEND_RATE_MSG_PER_SEC,
                List.of());
    }

    /**
     * Parses a loopback driver YAML strictly: an unknown or repeated key, a value of the wrong type or
     * out of range is an error naming the file, the line, the key and what is allowed.
     *
     * @param sourceName the file name, for error messages
     */
    public static LoopbackConfig fromYaml(String driverYaml, String sourceName) throws DriverException {
        return LoopbackConfigSchema.parse(driverYaml, sourceName);
    }

    public LoopbackConfig withAckDelayMicros(long newAckDelayMicros) {
        return new LoopbackConfig(
                newAckDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withDeliveryDelayMicros(long newDeliveryDelayMicros) {
        return new LoopbackConfig(
                ackDelayMicros,
                newDeliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withTopicPrefix(String newTopicPrefix) {
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                newTopicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withStalls(List<LoopbackStall> newStalls) {
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                newStalls,
                synchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withSynchronousDelays(boolean newSynchronousDelays) {
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                newSynchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withMaxHeldMessages(long newMaxHeldMessages) {
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                newMaxHeldMessages,
                maxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withMaxSendRateMsgPerSec(long newMaxSendRateMsgPerSec) {
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                newMaxSendRateMsgPerSec,
                faults);
    }

    public LoopbackConfig withFaults(List<LoopbackFault> newFaults) {
        return new LoopbackConfig(
                ackDelayMicros,
                deliveryDelayMicros,
                topicPrefix,
                stalls,
                synchronousDelays,
                maxHeldMessages,
                maxSendRateMsgPerSec,
                newFaults);
    }

    /** How acknowledgements and deliveries are timed with these settings. */
    TimingMode timingMode() {
        if (synchronousDelays) {
            return TimingMode.INLINE_DELAYS;
        }
        boolean anyFreeze = stalls.stream().anyMatch(s -> s.kind() == LoopbackStall.Kind.FREEZE);
        if (ackDelayMicros == 0 && deliveryDelayMicros == 0 && !anyFreeze) {
            return TimingMode.IMMEDIATE;
        }
        return TimingMode.SCHEDULER;
    }

    static void requireDelay(String key, long micros) {
        if (micros < 0 || micros > MAX_DELAY_MICROS) {
            throw new IllegalArgumentException(
                    key + " must be between 0 and " + MAX_DELAY_MICROS + " (one hour), got " + micros);
        }
    }

    static void requireTopicPrefix(String prefix) {
        if (prefix == null || prefix.isBlank() || !prefix.equals(prefix.strip())) {
            throw new IllegalArgumentException("topicPrefix must be a non-empty name without surrounding spaces, got "
                    + (prefix == null ? "null" : "'" + prefix + "'"));
        }
    }

    static void requireMaxSendRate(long msgPerSec) {
        if (msgPerSec < 0 || msgPerSec > MAX_MAX_SEND_RATE_MSG_PER_SEC) {
            throw new IllegalArgumentException("maxSendRateMsgPerSec must be between 0 (no cap) and "
                    + MAX_MAX_SEND_RATE_MSG_PER_SEC + ", got " + msgPerSec);
        }
    }

    static void requireMaxHeldMessages(long count) {
        if (count < 1 || count > MAX_MAX_HELD_MESSAGES) {
            throw new IllegalArgumentException(
                    "maxHeldMessages must be between 1 and " + MAX_MAX_HELD_MESSAGES + ", got " + count);
        }
    }
}
