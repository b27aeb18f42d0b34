package io.openmessaging.benchmark.measure;

/**
 * Message counters, either running totals or the delta of one period. Immutable.
 *
 * @param messagesSent messages handed to the driver (probes excluded)
 * @param bytesSent payload bytes of those messages
 * @param sendErrors sends that completed with an error
 * @param messagesAcked sends the broker acknowledged
 * @param messagesReceived measured messages delivered to consumers (every subscription counts)
 * @param bytesReceived payload bytes of those messages
 * @param unstampedReceived received messages without a stamp (not produced by this run)
 * @param endToEndNonPositive end-to-end values ≤ 0 (clock skew), recorded as 0
 * @param valuesClamped latency values above the histogram range, recorded as its maximum
 * @param probesReceived readiness probes delivered
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
        long probesReceived) {

    public static final Counters ZERO = new Counters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

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
                probesReceived - o.probesReceived);
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
                probesReceived + o.probesReceived);
    }

    /** Sends neither acknowledged nor failed yet. */
    public long sendsInFlight() {
        return messagesSent - messagesAcked - sendErrors;
    }
}
