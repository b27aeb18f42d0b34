package io.openmessaging.benchmark.measure;

/**
 * The fate of every message by identity, for one subscription or summed over all (docs/measurement.md,
 * "Every message by identity").
 *
 * @param receivedUnique distinct messages received (each producer's sequence number counted once)
 * @param duplicates deliveries beyond the first of a message
 * @param lost messages the broker acknowledged that the subscription never received
 * @param receivedNotAcknowledged messages received whose send was never acknowledged (it failed, or its
 *     acknowledgement was lost or had not come when the books closed)
 * @param outOfOrder first deliveries below the highest number already received from the same producer on
 *     the same partition
 */
public record IdentityCounts(
        long receivedUnique, long duplicates, long lost, long receivedNotAcknowledged, long outOfOrder) {

    public static final IdentityCounts ZERO = new IdentityCounts(0, 0, 0, 0, 0);

    public IdentityCounts plus(IdentityCounts o) {
        return new IdentityCounts(
                receivedUnique + o.receivedUnique,
                duplicates + o.duplicates,
                lost + o.lost,
                receivedNotAcknowledged + o.receivedNotAcknowledged,
                outOfOrder + o.outOfOrder);
    }

    /** The counts as one line: {@code 1,000 unique, 0 duplicates, 0 lost, 0 received unacknowledged, 0 out of order}. */
    public String describe() {
        return String.format(
                java.util.Locale.ROOT,
                "%,d unique, %,d duplicate(s), %,d lost, %,d received unacknowledged, %,d out of order",
                receivedUnique,
                duplicates,
                lost,
                receivedNotAcknowledged,
                outOfOrder);
    }
}
