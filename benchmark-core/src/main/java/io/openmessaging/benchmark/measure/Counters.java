package io.openmessaging.benchmark.measure;

/**
 * Message counters, either running totals or the delta of one period. Immutable.
 *
 * <p>Every message that came due ends in exactly one of four ways, so that once a run's books are closed
 * {@code messagesDue == messagesAcked + sendErrors + messagesNotSent + messagesUnackedAtEnd}.
 *
 * @param messagesSent messages handed to the driver (attempts; probes excluded)
 * @param bytesSent payload bytes of those messages
 * @param sendErrors sends that completed with an error
 * @param messagesAcked sends the broker acknowledged
 * @param messagesReceived measured messages delivered to consumers (every subscription counts)
 * @param bytesReceived payload bytes of those messages
 * @param unstampedReceived received messages without a stamp (not produced by this run)
 * @param endToEndNonPositive end-to-end values ≤ 0 (clock skew), recorded as 0
 * @param valuesClamped latency values above the histogram range, recorded as its maximum
 * @param probesReceived readiness probes delivered
 * @param messagesDue messages whose intended send time has passed (until the load stopped)
 * @param messagesNotSent due messages never handed to the driver, recorded when the run's books closed
 * @param messagesUnackedAtEnd messages handed to the driver and neither acknowledged nor failed when the
 *     run's books closed, recorded then with their age
 * @param duplicatesReceived of {@code messagesReceived}, deliveries of a message the consumers of the same
 *     subscription on the same worker had received before (by its producer and sequence number)
 */
public record Counters(
        long messagesSent,
        long bytesSent,
        long sendErrors,
        long messagesAcked,
        long messagesReceived,
        long bytesReceived,
        long unstampedReceived,
        long endToEndNonPositive,
        long valuesClamped,
        long probesReceived,
        long messagesDue,
        long messagesNotSent,
        long messagesUnackedAtEnd,
        long duplicatesReceived) {

    public static final Counters ZERO = new Counters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Counters without the due/not-sent accounting (tests, simulations): every message due was sent. */
    public Counters(
            long messagesSent,
            long bytesSent,
            long sendErrors,
            long messagesAcked,
            long messagesReceived,
            long bytesReceived,
            long unstampedReceived,
            long endToEndNonPositive,
            long valuesClamped,
            long probesReceived) {
        this(
                messagesSent,
                bytesSent,
                sendErrors,
                messagesAcked,
                messagesReceived,
                bytesReceived,
                unstampedReceived,
                endToEndNonPositive,
                valuesClamped,
                probesReceived,
                messagesSent,
                0,
                0,
                0);
    }

    public Counters minus(Counters o) {
        return new Counters(
                messagesSent - o.messagesSent,
                bytesSent - o.bytesSent,
                sendErrors - o.sendErrors,
                messagesAcked - o.messagesAcked,
                messagesReceived - o.messagesReceived,
                bytesReceived - o.bytesReceived,
                unstampedReceived - o.unstampedReceived,
                endToEndNonPositive - o.endToEndNonPositive,
                valuesClamped - o.valuesClamped,
                probesReceived - o.probesReceived,
                messagesDue - o.messagesDue,
                messagesNotSent - o.messagesNotSent,
                messagesUnackedAtEnd - o.messagesUnackedAtEnd,
                duplicatesReceived - o.duplicatesReceived);
    }

    public Counters plus(Counters o) {
        return new Counters(
                messagesSent + o.messagesSent,
                bytesSent + o.bytesSent,
                sendErrors + o.sendErrors,
                messagesAcked + o.messagesAcked,
                messagesReceived + o.messagesReceived,
                bytesReceived + o.bytesReceived,
                unstampedReceived + o.unstampedReceived,
                endToEndNonPositive + o.endToEndNonPositive,
                valuesClamped + o.valuesClamped,
                probesReceived + o.probesReceived,
                messagesDue + o.messagesDue,
                messagesNotSent + o.messagesNotSent,
                messagesUnackedAtEnd + o.messagesUnackedAtEnd,
                duplicatesReceived + o.duplicatesReceived);
    }

    /** Sends neither acknowledged nor failed yet (nor written off when the books closed). */
    public long sendsInFlight() {
        return messagesSent - messagesAcked - sendErrors - messagesUnackedAtEnd;
    }

    /**
     * Messages whose intended time has passed but that were not handed to the driver (a producer behind
     * its schedule, blocked in the client's send, or stopped before it could send them). In a period
     * delta: how much this grew (negative when the producer caught up).
     */
    public long dueNotSent() {
        return messagesDue - messagesSent;
    }
}
