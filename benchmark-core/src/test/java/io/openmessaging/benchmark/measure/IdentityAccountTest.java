package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IdentityAccountTest {

    private static final IdentityAccount.Key SUBSCRIPTION = new IdentityAccount.Key("t", "s");

    private static SequenceSet range(long from, long to) {
        SequenceSet set = new SequenceSet();
        for (long n = from; n < to; n++) {
            set.add(n);
        }
        return set;
    }

    private static SequenceReport consumerWorker(SequenceSet received, long duplicates, long outOfOrder) {
        return new SequenceReport(
                Map.of(),
                Map.of(
                        SUBSCRIPTION.pairKey(),
                        new SequenceReport.Receipts(Map.of(0, received), duplicates, outOfOrder)));
    }

    @Test
    void everyAcknowledgedMessageReceivedOnceLosesNothing() {
        SequenceReport producer = new SequenceReport(Map.of(0, range(0, 1000)), Map.of());
        List<IdentityAccount.Subscription> counts = IdentityAccount.count(
                List.of(producer, consumerWorker(range(0, 1000), 0, 0)), Map.of(0, "t"), List.of(SUBSCRIPTION));
        assertThat(counts)
                .singleElement()
                .satisfies(s -> assertThat(s.counts()).isEqualTo(new IdentityCounts(1000, 0, 0, 0, 0)));
    }

    @Test
    void lostAndRedeliveredInEqualNumbersIsStillLost() {
        SequenceSet received = range(0, 990);
        SequenceReport producer = new SequenceReport(Map.of(0, range(0, 1000)), Map.of());
        List<IdentityAccount.Subscription> counts = IdentityAccount.count(
                List.of(producer, consumerWorker(received, 10, 0)), Map.of(0, "t"), List.of(SUBSCRIPTION));
        assertThat(IdentityAccount.total(counts)).isEqualTo(new IdentityCounts(990, 10, 10, 0, 0));
    }

    @Test
    void twoWorkersReceivingTheSameMessageCountItAsADuplicate() {
        SequenceReport producer = new SequenceReport(Map.of(0, range(0, 100)), Map.of());
        List<IdentityAccount.Subscription> counts = IdentityAccount.count(
                List.of(producer, consumerWorker(range(0, 60), 0, 0), consumerWorker(range(50, 100), 0, 2)),
                Map.of(0, "t"),
                List.of(SUBSCRIPTION));
        assertThat(IdentityAccount.total(counts)).isEqualTo(new IdentityCounts(100, 10, 0, 0, 2));
    }

    @Test
    void aMessageReceivedWithoutAcknowledgementIsCountedApart() {
        SequenceSet acknowledged = range(0, 100);
        SequenceReport producer = new SequenceReport(Map.of(0, acknowledged), Map.of());
        List<IdentityAccount.Subscription> counts = IdentityAccount.count(
                List.of(producer, consumerWorker(range(0, 101), 0, 0)), Map.of(0, "t"), List.of(SUBSCRIPTION));
        assertThat(IdentityAccount.total(counts)).isEqualTo(new IdentityCounts(101, 0, 0, 1, 0));
    }

    @Test
    void aSubscriptionThatReceivedNothingLostEverything() {
        SequenceReport producer = new SequenceReport(Map.of(0, range(0, 100), 1, range(0, 50)), Map.of());
        List<IdentityAccount.Subscription> counts =
                IdentityAccount.count(List.of(producer), Map.of(0, "t", 1, "other"), List.of(SUBSCRIPTION));
        assertThat(IdentityAccount.total(counts)).isEqualTo(new IdentityCounts(0, 0, 100, 0, 0));
    }
}
