package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A publish without publisher confirms that fails because the connection was lost completes with the reason
 * the channel shut down, in the driver's words, as a publish with confirms does: not with the client's bare
 * "channel is already closed". The channel is a stand-in for the client library's interface (no broker):
 * what is checked is only how the producer words the failure the client reports; the real broker's outages
 * are {@link BrokerOutageIT}'s.
 */
class UnconfirmedPublishFailureTest {

    @Test
    void aPublishOnALostConnectionFailsWithTheReasonTheChannelShutDown() throws Exception {
        // as the client makes it when the socket fails (a hard error the application did not start)
        ShutdownSignalException lost = new ShutdownSignalException(true, false, null, null);
        lost.initCause(new SocketException("Connection reset"));
        RabbitMqBenchmarkProducer producer = new RabbitMqBenchmarkProducer(
                channel(lost, new AlreadyClosedException(lost)),
                "topic-a",
                new PartitionRouter(1, ExchangeType.DIRECT, 0),
                false,
                false,
                new RabbitMqDriverStats());
        AtomicReference<Throwable> failure = new AtomicReference<>();

        producer.sendAsync(
                "key",
                "x".getBytes(StandardCharsets.UTF_8),
                1L,
                2L,
                0,
                7L,
                (intended, sent, producerId, sequence, error) -> failure.set(error));

        assertThat(failure.get())
                .hasMessage("the channel of the producer of topic-a shut down: connection lost: SocketException:"
                        + " Connection reset")
                .hasCause(lost);
    }

    @Test
    void aPublishThatFailsOnAnOpenChannelKeepsItsOwnError() throws Exception {
        IOException refused = new IOException("frame too large");
        RabbitMqBenchmarkProducer producer = new RabbitMqBenchmarkProducer(
                channel(null, refused),
                "topic-a",
                new PartitionRouter(1, ExchangeType.DIRECT, 0),
                false,
                false,
                new RabbitMqDriverStats());
        AtomicReference<Throwable> failure = new AtomicReference<>();

        producer.sendAsync(
                "key",
                "x".getBytes(StandardCharsets.UTF_8),
                1L,
                2L,
                0,
                7L,
                (intended, sent, producerId, sequence, error) -> failure.set(error));

        assertThat(failure.get()).isSameAs(refused);
    }

    /** A channel whose publishes throw {@code publishError} and which reports {@code closeReason}. */
    private static Channel channel(ShutdownSignalException closeReason, Exception publishError) {
        return (Channel) Proxy.newProxyInstance(
                Channel.class.getClassLoader(), new Class<?>[] {Channel.class}, (proxy, method, arguments) -> {
                    switch (method.getName()) {
                        case "basicPublish":
                            throw publishError;
                        case "getCloseReason":
                            return closeReason;
                        case "toString":
                            return "stand-in channel";
                        case "hashCode":
                            return System.identityHashCode(proxy);
                        case "equals":
                            return proxy == arguments[0];
                        default:
                            return null; // listeners added by the producer: nothing to call back
                    }
                });
    }
}
