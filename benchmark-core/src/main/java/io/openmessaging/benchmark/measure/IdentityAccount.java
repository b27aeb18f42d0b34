package io.openmessaging.benchmark.measure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every message by identity over the workers of a run: merges the workers' {@link SequenceReport}s (the
 * union of what each subscription's consumers received, wherever they ran) and counts, per subscription,
 * what was received once, twice, never, or without an acknowledgement.
 *
 * <p>For subscription {@code s} of topic {@code t} and each producer {@code p} writing to {@code t}: with
 * {@code A} the numbers of {@code p} the broker acknowledged and {@code R} the union of the numbers the
 * consumers of {@code s} received, {@code receivedUnique = |R|}, {@code lost = |A \ R|}, {@code
 * receivedNotAcknowledged = |R \ A|}; duplicates are the workers' own plus the numbers two workers both
 * received ({@code Σ|R_w| − |R|}); out-of-order deliveries are the workers' sum. Stateless.
 */
public final class IdentityAccount {

    private IdentityAccount() {}

    /** A subscription that should receive every message of its topic. */
    public record Key(String topic, String subscription) {

        /** "topic / subscription", the key of {@link SequenceReport#received}. */
        public String pairKey() {
            return topic + " / " + subscription;
        }
    }

    /** One subscription's counts. */
    public record Subscription(String topic, String subscription, IdentityCounts counts) {}

    /**
     * @param reports every worker's report
     * @param topicOfProducer the topic each producer of the run writes to, by producer id
     * @param subscriptions the subscriptions that should receive every message of their topic
     */
    public static List<Subscription> count(
            List<SequenceReport> reports, Map<Integer, String> topicOfProducer, List<Key> subscriptions) {
        Map<Integer, SequenceSet> acknowledged = new HashMap<>();
        for (SequenceReport report : reports) {
            report.acknowledged().forEach((id, set) -> acknowledged.merge(id, set, IdentityAccount::union));
        }
        List<Subscription> out = new ArrayList<>();
        for (Key pair : subscriptions) {
            String key = pair.pairKey();
            Map<Integer, SequenceSet> received = new LinkedHashMap<>();
            long duplicates = 0;
            long outOfOrder = 0;
            long receivedPerWorker = 0;
            for (SequenceReport report : reports) {
                SequenceReport.Receipts receipts = report.received().get(key);
                if (receipts == null) {
                    continue;
                }
                duplicates += receipts.duplicates();
                outOfOrder += receipts.outOfOrder();
                for (Map.Entry<Integer, SequenceSet> entry :
                        receipts.byProducer().entrySet()) {
                    receivedPerWorker += entry.getValue().cardinality();
                    received.merge(entry.getKey(), entry.getValue(), IdentityAccount::union);
                }
            }
            long unique = 0;
            long lost = 0;
            long notAcknowledged = 0;
            for (Map.Entry<Integer, String> producer : topicOfProducer.entrySet()) {
                if (!producer.getValue().equals(pair.topic())) {
                    continue;
                }
                SequenceSet acked = acknowledged.getOrDefault(producer.getKey(), new SequenceSet());
                SequenceSet got = received.getOrDefault(producer.getKey(), new SequenceSet());
                unique += got.cardinality();
                lost += acked.countNotIn(got);
                notAcknowledged += got.countNotIn(acked);
            }
            duplicates += receivedPerWorker - unionCardinality(received);
            out.add(new Subscription(
                    pair.topic(),
                    pair.subscription(),
                    new IdentityCounts(unique, duplicates, lost, notAcknowledged, outOfOrder)));
        }
        return out;
    }

    /** The counts of every subscription added up. */
    public static IdentityCounts total(List<Subscription> subscriptions) {
        IdentityCounts total = IdentityCounts.ZERO;
        for (Subscription subscription : subscriptions) {
            total = total.plus(subscription.counts());
        }
        return total;
    }

    private static long unionCardinality(Map<Integer, SequenceSet> sets) {
        long count = 0;
        for (SequenceSet set : sets.values()) {
            count += set.cardinality();
        }
        return count;
    }

    /** A new set holding both: the workers' sets are left as they are. */
    private static SequenceSet union(SequenceSet a, SequenceSet b) {
        SequenceSet union = new SequenceSet();
        union.or(a);
        union.or(b);
        return union;
    }
}
