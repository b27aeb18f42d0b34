package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Address;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a recovering connection goes: its own broker first, then the others it may log in to, in file order. */
class ConnectionPoolTest {

    private static BrokerEndpoint endpoint(String uri) {
        return BrokerEndpoint.parse(uri, null, null, null);
    }

    @Test
    void aConnectionFallsBackToTheOtherBrokersWithTheSameLoginInTheFilesOrder() {
        BrokerEndpoint first = endpoint("amqp://u:p@10.0.0.1:5672");
        BrokerEndpoint second = endpoint("amqp://u:p@10.0.0.2:5672");
        BrokerEndpoint third = endpoint("amqp://u:p@10.0.0.3:5672");
        List<BrokerEndpoint> all = List.of(first, second, third);

        assertThat(ConnectionPool.addresses(second, all))
                .containsExactly(
                        new Address("10.0.0.2", 5672), new Address("10.0.0.1", 5672), new Address("10.0.0.3", 5672));
    }

    @Test
    void aBrokerWithAnotherLoginOrVirtualHostIsNoFallback() {
        BrokerEndpoint mine = endpoint("amqp://u:p@10.0.0.1:5672");
        BrokerEndpoint otherUser = endpoint("amqp://v:p@10.0.0.2:5672");
        BrokerEndpoint otherVhost = endpoint("amqp://u:p@10.0.0.3:5672/other");
        BrokerEndpoint same = endpoint("amqp://u:p@10.0.0.4:5672");

        assertThat(ConnectionPool.addresses(mine, List.of(mine, otherUser, otherVhost, same)))
                .containsExactly(new Address("10.0.0.1", 5672), new Address("10.0.0.4", 5672));
    }
}
