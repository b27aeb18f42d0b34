package io.openmessaging.benchmark.driver.pulsar;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.testing.ConsumerCallbacks;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.PulsarClientException;
import org.junit.jupiter.api.Test;

class StampDeliveringListenerTest {

    private final PulsarDriverStats stats = new PulsarDriverStats();
    private final List<MessageStamp> stamps = new ArrayList<>();
    private final List<Integer> sizes = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();
    private final ConsumerCallback callback = new ConsumerCallbacks.Receiver() {
        @Override
        public void received(MessageStamp stamp, int payloadSizeBytes) {
            stamps.add(stamp);
            sizes.add(payloadSizeBytes);
        }

        @Override
        public void consumerFailed(Throwable cause) {
            failures.add(cause);
        }
    };

    /** A consumer whose acknowledgements complete with {@code ackResult}; counts them. */
    private static FakeConsumer consumer(CompletableFuture<Void> ackResult, boolean connected) {
        AtomicInteger acks = new AtomicInteger();
        @SuppressWarnings("unchecked")
        Consumer<byte[]> proxy = (Consumer<byte[]>) Proxy.newProxyInstance(
                Consumer.class.getClassLoader(),
                new Class<?>[] {Consumer.class},
                (self, method, args) -> switch (method.getName()) {
                    case "acknowledgeAsync" -> {
                        acks.incrementAndGet();
                        yield ackResult;
                    }
                    case "isConnected" -> connected;
                    case "getTopic" -> "persistent://t/ns/topic-partition-0";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return new FakeConsumer(proxy, acks);
    }

    private record FakeConsumer(Consumer<byte[]> consumer, AtomicInteger acks) {}

    /** A message with the given properties and payload size; records its release. */
    private static Message<byte[]> message(Map<String, String> properties, int size, AtomicBoolean released) {
        @SuppressWarnings("unchecked")
        Message<byte[]> proxy = (Message<byte[]>) Proxy.newProxyInstance(
                Message.class.getClassLoader(),
                new Class<?>[] {Message.class},
                (self, method, args) -> switch (method.getName()) {
                    case "getProperty" -> properties.get((String) args[0]);
                    case "size" -> size;
                    case "getMessageId" -> MessageId.earliest;
                    case "getTopicName" -> "persistent://t/ns/topic-partition-0";
                    case "release" -> {
                        released.set(true);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return proxy;
    }

    @Test
    void thePartitionIsTheIndexInThePartitionsTopicNameAndZeroForATopicWithoutPartitions() {
        assertThat(StampDeliveringListener.partitionIndex("persistent://public/default/t-1-partition-12"))
                .isEqualTo(12);
        assertThat(StampDeliveringListener.partitionIndex("persistent://public/default/t-1"))
                .isZero();
        assertThat(StampDeliveringListener.partitionIndex("persistent://public/default/t-partition-x"))
                .isZero();
        assertThat(StampDeliveringListener.partitionIndex(null)).isZero();
    }

    @Test
    void deliversTheDecodedStampAcknowledgesAndReleases() {
        StampDeliveringListener listener = new StampDeliveringListener("t / s", callback, stats);
        FakeConsumer fake = consumer(CompletableFuture.completedFuture(null), true);
        MessageStamp stamp = new MessageStamp(1_000_000_123L, 1_000_000_456L, 7, 0);
        AtomicBoolean released = new AtomicBoolean();

        listener.received(
                fake.consumer(),
                message(
                        Map.of(
                                MessageStampCodec.HEADER_NAME,
                                MessageStampCodec.encodeToString(
                                        stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), stamp.producerId(), 0)),
                        1024,
                        released));

        assertThat(stamps).containsExactly(stamp);
        assertThat(sizes).containsExactly(1024);
        assertThat(fake.acks()).hasValue(1);
        assertThat(released).isTrue();
        assertThat(failures).isEmpty();
    }

    @Test
    void aMissingOrMalformedStampIsDeliveredAsNullAndOnlyTheMalformedOneCounted() {
        StampDeliveringListener listener = new StampDeliveringListener("t / s", callback, stats);
        FakeConsumer fake = consumer(CompletableFuture.completedFuture(null), true);

        listener.received(fake.consumer(), message(Map.of(), 10, new AtomicBoolean()));
        listener.received(
                fake.consumer(), message(Map.of(MessageStampCodec.HEADER_NAME, "v9:x"), 10, new AtomicBoolean()));

        assertThat(stamps).containsExactly(null, null);
        assertThat(stats.malformedStamps.sum()).isEqualTo(1);
        assertThat(fake.acks()).hasValue(2);
        assertThat(failures).isEmpty();
    }

    @Test
    void aThrowingCallbackFailsTheConsumerOnceAndTheMessageIsStillAcknowledged() {
        ConsumerCallback throwing = new ConsumerCallbacks.Receiver() {
            @Override
            public void received(MessageStamp stamp, int payloadSizeBytes) {
                throw new IllegalArgumentException("boom");
            }

            @Override
            public void consumerFailed(Throwable cause) {
                failures.add(cause);
            }
        };
        StampDeliveringListener listener = new StampDeliveringListener("t / s", throwing, stats);
        FakeConsumer fake = consumer(CompletableFuture.completedFuture(null), true);
        AtomicBoolean released = new AtomicBoolean();

        listener.received(fake.consumer(), message(Map.of(), 10, released));
        listener.received(fake.consumer(), message(Map.of(), 10, new AtomicBoolean()));

        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).hasMessageContaining("t / s").hasMessageContaining("boom");
        assertThat(stats.consumerFailures.sum()).isEqualTo(1);
        assertThat(fake.acks()).hasValue(2);
        assertThat(released).isTrue();
    }

    @Test
    void anAcknowledgementRefusedBecauseTheClientClosedTheConsumerFailsIt() {
        StampDeliveringListener listener = new StampDeliveringListener("t / s", callback, stats);
        FakeConsumer fake = consumer(
                CompletableFuture.failedFuture(new PulsarClientException("Consumer not ready. State: Failed")), false);

        listener.received(fake.consumer(), message(Map.of(), 10, new AtomicBoolean()));
        listener.received(fake.consumer(), message(Map.of(), 10, new AtomicBoolean()));

        assertThat(stats.ackFailures.sum()).isEqualTo(2);
        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).hasMessageContaining("closed the consumer of persistent://t/ns/topic-partition-0");
    }

    @Test
    void anAcknowledgementFailureOfAConnectedConsumerIsOnlyCounted() {
        StampDeliveringListener listener = new StampDeliveringListener("t / s", callback, stats);
        FakeConsumer fake = consumer(
                CompletableFuture.failedFuture(new PulsarClientException.TimeoutException("ack timed out")), true);

        listener.received(fake.consumer(), message(Map.of(), 10, new AtomicBoolean()));

        assertThat(stats.ackFailures.sum()).isEqualTo(1);
        assertThat(failures).isEmpty();
    }

    @Test
    void refusalsWhileTheDriverClosesTheConsumerAreExpected() {
        StampDeliveringListener listener = new StampDeliveringListener("t / s", callback, stats);
        FakeConsumer fake = consumer(
                CompletableFuture.failedFuture(
                        new PulsarClientException.AlreadyClosedException("Consumer already closed")),
                false);
        listener.closing();

        listener.received(fake.consumer(), message(Map.of(), 10, new AtomicBoolean()));

        assertThat(stats.ackFailures.sum()).isZero();
        assertThat(failures).isEmpty();
    }
}
