package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionRouterTest {

    @Test
    void unkeyedMessagesGoRoundRobinFromTheFirstPartition() {
        PartitionRouter router = new PartitionRouter(3, ExchangeType.DIRECT, 2);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            keys.add(router.routingKeyFor(null));
        }
        assertThat(keys).containsExactly("2", "0", "1", "2", "0");
    }

    @Test
    void aMessageKeyAlwaysMapsToTheSamePartition() {
        PartitionRouter router = new PartitionRouter(16, ExchangeType.TOPIC, 0);
        String expected = Integer.toString(Math.floorMod("user-42".hashCode(), 16));
        for (int i = 0; i < 3; i++) {
            assertThat(router.routingKeyFor("user-42")).isEqualTo(expected);
            router.routingKeyFor(null);
        }
    }

    @Test
    void fanoutNeedsNoRoutingKey() {
        PartitionRouter router = new PartitionRouter(16, ExchangeType.FANOUT, 5);
        assertThat(router.routingKeyFor(null)).isEmpty();
        assertThat(router.routingKeyFor("k")).isEmpty();
    }

    @Test
    void subscriptionQueuesFollowThePartitions() {
        assertThat(Topology.subscriptionQueues("t", "s", 3, ExchangeType.DIRECT))
                .extracting(Topology.QueueBinding::queue, Topology.QueueBinding::routingKey)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("t.s.0", "0"),
                        org.assertj.core.groups.Tuple.tuple("t.s.1", "1"),
                        org.assertj.core.groups.Tuple.tuple("t.s.2", "2"));
        assertThat(Topology.subscriptionQueues("t", "s", 3, ExchangeType.FANOUT))
                .containsExactly(new Topology.QueueBinding("t.s", "t", ""));
    }
}
