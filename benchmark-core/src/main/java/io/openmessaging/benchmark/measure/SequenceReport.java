package io.openmessaging.benchmark.measure;

import java.util.Map;

/**
 * What one worker knows about its messages' identities once its books are closed: which sequence numbers of
 * each of its producers the broker acknowledged, and which its consumers received, per subscription.
 * Reports of several workers are merged by {@link IdentityAccount}.
 *
 * @param acknowledged acknowledged sequence numbers by producer id (this worker's producers)
 * @param received what this worker's consumers received, by "topic / subscription"
 */
public record SequenceReport(Map<Integer, SequenceSet> acknowledged, Map<String, Receipts> received) {

    public static final SequenceReport EMPTY = new SequenceReport(Map.of(), Map.of());

    /**
     * What one subscription's consumers on one worker received.
     *
     * @param byProducer received sequence numbers by producer id
     * @param duplicates deliveries of a number this worker's consumers of the subscription had received before
     * @param outOfOrder first deliveries below the highest number received from the same producer on the
     *     same partition ({@link ReceivedSequences})
     */
    public record Receipts(Map<Integer, SequenceSet> byProducer, long duplicates, long outOfOrder) {

        /** The receipts {@code sequences} holds now. */
        public static Receipts of(ReceivedSequences sequences) {
            return new Receipts(sequences.producerSets(), sequences.duplicates(), sequences.outOfOrder());
        }
    }
}
