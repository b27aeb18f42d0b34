package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.ConsumerCallbacks;
import io.openmessaging.benchmark.testing.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The driver against a real local node, without the framework: every message arrives exactly once
 * for each queue type, pause stops deliveries and resume delivers the backlog without loss or
 * repetition, and closing leaves no connection, queue or exchange behind.
 */
class RabbitMqDriverIT {

    private static final int PARTITIONS = 4;

    @ParameterizedTest
    @EnumSource(QueueType.class)
    void everyMessageArrivesOnceAcrossPauseAndResume(QueueType queueType) throws Exception {
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        Ledger ledger = new Ledger();
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(
                    SharedLocalRabbitMq.withSetting(
                            SharedLocalRabbitMq.shippedYamlFor("rabbitmq.yaml", broker), "queueType", queueType.name()),
                    "rabbitmq.yaml");
            driver.initialize();
            String topic = TestNames.unique("it-" + queueType.name().toLowerCase());
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get();
            BenchmarkConsumer first =
                    driver.createConsumer(topic, "sub", ledger).get();
            BenchmarkConsumer second =
                    driver.createConsumer(topic, "sub", ledger).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();

            ledger.sendAndAwaitAcks(producer, 0, 1000);
            ledger.awaitReceived(1000, Duration.ofSeconds(30));

            first.pause();
            second.pause();
            long receivedWhenPaused = ledger.received();
            ledger.sendAndAwaitAcks(producer, 1000, 500);
            Thread.sleep(1000);
            assertThat(ledger.received()).as("deliveries while paused").isEqualTo(receivedWhenPaused);

            first.resume();
            second.resume();
            ledger.awaitReceived(1500, Duration.ofSeconds(30));
            Thread.sleep(300); // a duplicate would arrive right behind the last message
            ledger.assertEachExactlyOnce(1500);
            assertThat(ledger.failure.get()).isNull();
            assertThat(driver.openConnections())
                    .as("admin + producer + consumer connection")
                    .isEqualTo(3);
            assertThat(driver.describe())
                    .containsEntry("rabbitmq.queueType", queueType.name())
                    .containsKey("rabbitmq.brokerVersion");
            assertThat(driver.counters())
                    .containsEntry("rabbitmq.confirmNacks", 0L)
                    .containsEntry("rabbitmq.unroutableMessages", 0L);
        }
        SharedLocalRabbitMq.awaitConnectionCount(broker, 0, Duration.ofSeconds(15));
        assertThat(broker.queueNames("/")).as("queues left after close").isEmpty();
    }

    @Test
    void keyedMessagesOfOneKeyStayInOnePartitionQueue() throws Exception {
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        Ledger ledger = new Ledger();
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(SharedLocalRabbitMq.shippedYamlFor("rabbitmq.yaml", broker), "rabbitmq.yaml");
            driver.initialize();
            String topic = TestNames.unique("it-keyed");
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get();
            RabbitMqBenchmarkConsumer consumer = (RabbitMqBenchmarkConsumer)
                    driver.createConsumer(topic, "sub", ledger).get();
            assertThat(consumer.queues()).hasSize(PARTITIONS);
            consumer.pause();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            for (int i = 0; i < 100; i++) {
                producer.sendAsync("same-key", new byte[10], i, i, 1, 0, ledger::acked);
            }
            ledger.awaitAcks(100, Duration.ofSeconds(30));
            int expectedPartition = Math.floorMod("same-key".hashCode(), PARTITIONS);
            for (int k = 0; k < PARTITIONS; k++) {
                // passive declare answers with the queue's message count
                long depth = messageCount(driver, consumer.queues().get(k));
                assertThat(depth).as("messages in partition queue " + k).isEqualTo(k == expectedPartition ? 100 : 0);
            }
        }
    }

    @Test
    void aPauseRightAfterSubscribingCancelsEverySubscription() throws Exception {
        // The client tells a subscription's consumer object its tag on a dispatch thread, after
        // basic.consume has returned. Holding that thread back makes the pause come first, as it can
        // when a pause follows the subscription at once.
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        ExecutorService slowDispatch = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>()) {
            @Override
            protected void beforeExecute(Thread thread, Runnable task) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(broker.amqpUri());
        factory.setSharedExecutor(slowDispatch);
        Ledger ledger = new Ledger();
        try (Connection connection = factory.newConnection("it-early-pause")) {
            Channel inspect = connection.createChannel();
            List<String> queues = new ArrayList<>();
            for (int i = 0; i < PARTITIONS; i++) {
                // server-named and exclusive: gone with the connection, not with its last subscription
                queues.add(inspect.queueDeclare("", false, true, false, null).getQueue());
            }
            RabbitMqBenchmarkConsumer consumer = new RabbitMqBenchmarkConsumer(
                    connection.createChannel(),
                    "early-pause consumer",
                    queues,
                    ledger,
                    false,
                    100,
                    false,
                    new RabbitMqDriverStats());
            consumer.start();
            consumer.pause();
            for (String queue : queues) {
                assertThat(inspect.queueDeclarePassive(queue).getConsumerCount())
                        .as("subscriptions to " + queue + " after the pause")
                        .isZero();
            }
            consumer.resume();
            for (String queue : queues) {
                assertThat(inspect.queueDeclarePassive(queue).getConsumerCount())
                        .as("subscriptions to " + queue + " after the resume")
                        .isEqualTo(1);
            }
            consumer.close();
            assertThat(ledger.failure.get()).isNull();
        } finally {
            slowDispatch.shutdownNow();
        }
    }

    @Test
    void aWrongPasswordFailsInitializeWithAClearMessage() throws Exception {
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(
                    "amqpUris: [" + broker.amqpUri().replace("amqp://", "amqp://guest:not-the-pw@") + "]\n",
                    "bad-login.yaml");
            assertThatThrownBy(driver::initialize)
                    .isInstanceOf(DriverException.class)
                    .hasMessageStartingWith("bad-login.yaml: cannot connect to amqp://guest@127.0.0.1:")
                    .hasMessageContaining("ACCESS_REFUSED")
                    .hasMessageContaining("check the user and password")
                    .hasMessageNotContaining("not-the-pw");
        }
        SharedLocalRabbitMq.awaitConnectionCount(broker, 0, Duration.ofSeconds(15));
    }

    private static long messageCount(RabbitMqBenchmarkDriver driver, String queue) throws Exception {
        BrokerEndpoint endpoint = driver.config().endpoints().get(0);
        try (var connection = endpoint.connectionFactory(5000).newConnection("it-inspect");
                var channel = connection.createChannel()) {
            return channel.queueDeclarePassive(queue).getMessageCount();
        }
    }

    /** Every stamp sent and received, by its intended time (the message number here). */
    static final class Ledger implements ConsumerCallbacks.Receiver {
        final Map<Long, AtomicInteger> receivedByNumber = new ConcurrentHashMap<>();
        final LongAdder receivedCount = new LongAdder();
        final LongAdder ackCount = new LongAdder();
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        @Override
        public void received(MessageStamp stamp, int payloadSizeBytes) {
            receivedByNumber
                    .computeIfAbsent(stamp.intendedSendEpochNanos(), n -> new AtomicInteger())
                    .incrementAndGet();
            receivedCount.increment();
        }

        @Override
        public void consumerFailed(Throwable cause) {
            failure.compareAndSet(null, cause);
        }

        void acked(long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, Throwable error) {
            if (error != null) {
                failure.compareAndSet(null, error);
            }
            ackCount.increment();
        }

        long received() {
            return receivedCount.sum();
        }

        void sendAndAwaitAcks(BenchmarkProducer producer, int from, int count) throws InterruptedException {
            long before = ackCount.sum();
            for (int i = from; i < from + count; i++) {
                producer.sendAsync(null, new byte[100], i, i, 1, 0, this::acked);
            }
            awaitAcks(before + count, Duration.ofSeconds(30));
        }

        void awaitAcks(long total, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (ackCount.sum() < total && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(ackCount.sum()).as("sends completed").isEqualTo(total);
            assertThat(failure.get()).as("send or consumer failure").isNull();
        }

        void awaitReceived(long total, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (received() < total && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(received()).as("messages received").isGreaterThanOrEqualTo(total);
        }

        void assertEachExactlyOnce(int count) {
            assertThat(receivedByNumber).hasSize(count);
            assertThat(receivedByNumber.entrySet())
                    .allSatisfy(e -> assertThat(e.getValue().get())
                            .as("deliveries of message " + e.getKey())
                            .isEqualTo(1));
            assertThat(received()).isEqualTo(count);
        }
    }
}
