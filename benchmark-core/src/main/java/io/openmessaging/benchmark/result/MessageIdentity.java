package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.openmessaging.benchmark.measure.IdentityAccount;
import io.openmessaging.benchmark.measure.IdentityCounts;
import java.util.ArrayList;
import java.util.List;

/**
 * Every message by identity (producer and sequence number), in {@link TestResult#messageIdentity}. Ours.
 * Whole run (warm-up, measured phase and drain), summed over subscriptions, and per subscription in
 * {@link #subscriptions}; definitions in docs/measurement.md, "Every message by identity". A run whose
 * {@link #lost} is above {@link #allowedLoss} is not complete.
 */
@JsonPropertyOrder({
    "receivedUnique",
    "duplicates",
    "lost",
    "receivedNotAcknowledged",
    "outOfOrder",
    "allowedLoss",
    "subscriptions"
})
public final class MessageIdentity {

    /** Distinct messages received, each counted once per subscription. */
    public Long receivedUnique;

    /** Deliveries of a message a subscription had received before. */
    public Long duplicates;

    /** Messages the broker acknowledged that a subscription of their topic never received. */
    public Long lost;

    /** Messages received whose send was never acknowledged (failed, or its acknowledgement lost). */
    public Long receivedNotAcknowledged;

    /**
     * First deliveries of a message below the highest sequence number already received from its producer on
     * its partition (queue, for RabbitMQ).
     */
    public Long outOfOrder;

    /** The workload's {@code allowedLoss}: lost messages a complete run may have. */
    public Long allowedLoss;

    /** The same counts for each subscription, in the order the run created them. */
    public List<Subscription> subscriptions = new ArrayList<>();

    /** The counts of {@code subscriptions} (what {@link IdentityAccount#count} found) and their total. */
    public static MessageIdentity of(List<IdentityAccount.Subscription> subscriptions, long allowedLoss) {
        MessageIdentity identity = new MessageIdentity();
        IdentityCounts total = IdentityAccount.total(subscriptions);
        identity.receivedUnique = total.receivedUnique();
        identity.duplicates = total.duplicates();
        identity.lost = total.lost();
        identity.receivedNotAcknowledged = total.receivedNotAcknowledged();
        identity.outOfOrder = total.outOfOrder();
        identity.allowedLoss = allowedLoss;
        for (IdentityAccount.Subscription each : subscriptions) {
            Subscription row = new Subscription();
            row.topic = each.topic();
            row.subscription = each.subscription();
            row.receivedUnique = each.counts().receivedUnique();
            row.duplicates = each.counts().duplicates();
            row.lost = each.counts().lost();
            row.receivedNotAcknowledged = each.counts().receivedNotAcknowledged();
            row.outOfOrder = each.counts().outOfOrder();
            identity.subscriptions.add(row);
        }
        return identity;
    }

    /** One subscription's counts. */
    @JsonPropertyOrder({
        "topic",
        "subscription",
        "receivedUnique",
        "duplicates",
        "lost",
        "receivedNotAcknowledged",
        "outOfOrder"
    })
    public static final class Subscription {
        public String topic;
        public String subscription;
        public Long receivedUnique;
        public Long duplicates;
        public Long lost;
        public Long receivedNotAcknowledged;
        public Long outOfOrder;
    }
}
