package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReceivedSequencesTest {

    private final ReceivedSequences received = new ReceivedSequences();

    @Test
    void inOrderDeliveriesAreNeitherDuplicatesNorOutOfOrder() {
        for (long n = 0; n < 100; n++) {
            received.record(3, n, (int) (n % 4));
        }
        assertThat(received.duplicates()).isZero();
        assertThat(received.outOfOrder()).isZero();
        assertThat(received.producerSets()).containsOnlyKeys(3);
        assertThat(received.producerSets().get(3).cardinality()).isEqualTo(100);
    }

    @Test
    void aRedeliveryIsADuplicateNotAnOutOfOrderDelivery() {
        received.record(0, 0, 0);
        received.record(0, 1, 0);
        received.record(0, 2, 0);
        received.record(0, 1, 0);
        received.record(0, 2, 0);
        assertThat(received.duplicates()).isEqualTo(2);
        assertThat(received.outOfOrder()).isZero();
    }

    @Test
    void aFirstDeliveryBelowTheHighestOfItsPartitionIsOutOfOrder() {
        received.record(0, 0, 0);
        received.record(0, 2, 0);
        received.record(0, 1, 0);
        assertThat(received.outOfOrder()).isEqualTo(1);
        assertThat(received.duplicates()).isZero();
    }

    @Test
    void orderIsKeptPerPartitionAndPerProducer() {
        received.record(0, 5, 1);
        received.record(0, 2, 0); // another partition: its own order
        received.record(1, 0, 1); // another producer
        assertThat(received.outOfOrder()).isZero();
    }
}
