package io.openmessaging.benchmark.testing;

import static io.openmessaging.benchmark.testing.TestNames.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every driver must do against its real broker, whatever the system: each driver module runs these
 * tests in a {@code *DriverContractIT} that says how to make a driver for its local broker.
 *
 * <ul>
 *   <li>Every acknowledged message reaches every subscription exactly once, with its stamp and its size
 *       intact; two consumers of one subscription share its partitions.
 *   <li>A producer used after it was closed reports the failure through the send's callback, never by
 *       throwing at the producer thread; closing twice is harmless.
 * </ul>
 */
public abstract class DriverContract {

    protected static final Duration TIMEOUT = Duration.ofSeconds(90);

    private static final int PARTITIONS = 4;
    private static final int PRODUCERS = 2;
    private static final int MESSAGES_PER_PRODUCER = 1_000;
    private static final int PAYLOAD_BYTES = 200;

    /** A new driver, configured for the system's local broker and initialized. */
    protected abstract BenchmarkDriver initializedDriver() throws Exception;

    /**
     * Returns once the consumers of one subscription are ready to receive (for a system whose consumer
     * group must first be given its partitions); by default at once.
     */
    protected void awaitReady(List<BenchmarkConsumer> subscriptionConsumers, int partitions) throws Exception {}

    @Test
    void everyMessageReachesEverySubscriptionOnceWithItsStampAndSizeIntact() throws Exception {
        try (BenchmarkDriver driver = initializedDriver()) {
            String topic = unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, PARTITIONS))).get(60, TimeUnit.SECONDS);
            List<MessageLedger> subscriptions =
                    List.of(new MessageLedger(PAYLOAD_BYTES), new MessageLedger(PAYLOAD_BYTES));
            for (MessageLedger ledger : subscriptions) {
                String subscription = unique("sub");
                List<BenchmarkConsumer> consumers = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    consumers.add(
                            driver.createConsumer(topic, subscription, ledger).get(60, TimeUnit.SECONDS));
                }
                awaitReady(consumers, PARTITIONS);
            }
            MessageLedger acks = subscriptions.get(0);
            for (int producerId = 0; producerId < PRODUCERS; producerId++) {
                BenchmarkProducer producer = driver.createProducer(topic).get(60, TimeUnit.SECONDS);
                acks.send(producer, producerId, 0, MESSAGES_PER_PRODUCER);
            }

            long total = (long) PRODUCERS * MESSAGES_PER_PRODUCER;
            acks.await(() -> acks.acknowledged() + acks.sendErrors() == total, TIMEOUT, "acknowledgements");
            for (MessageLedger ledger : subscriptions) {
                ledger.await(() -> ledger.deliveries() >= total, TIMEOUT, "deliveries to every subscription");
            }
            Thread.sleep(500); // a late duplicate would show up here

            assertThat(acks.sendErrors()).as(acks.summary()).isZero();
            for (MessageLedger ledger : subscriptions) {
                assertThat(ledger.deliveries()).as(ledger.summary()).isEqualTo(total);
                assertThat(ledger.distinctReceived()).as(ledger.summary()).isEqualTo(total);
                assertThat(ledger.duplicates()).as(ledger.summary()).isZero();
                assertThat(ledger.unstamped()).as(ledger.summary()).isZero();
                assertThat(ledger.damagedStamps()).as(ledger.summary()).isZero();
                assertThat(ledger.wrongSizes()).as(ledger.summary()).isZero();
            }
        }
    }

    @Test
    void aProducerUsedAfterCloseFailsThroughItsCallbackAndClosingTwiceIsHarmless() throws Exception {
        try (BenchmarkDriver driver = initializedDriver()) {
            String topic = unique(driver.topicNamePrefix());
            driver.createTopics(List.of(new TopicSpec(topic, 1))).get(60, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(60, TimeUnit.SECONDS);
            producer.close();
            assertThatCode(producer::close).doesNotThrowAnyException();

            CompletableFuture<Throwable> completion = new CompletableFuture<>();
            assertThatCode(() -> producer.sendAsync(
                            null,
                            new byte[PAYLOAD_BYTES],
                            1,
                            2,
                            3,
                            4,
                            (intended, sent, id, sequence, error) -> completion.complete(error)))
                    .doesNotThrowAnyException();

            assertThat(completion.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                    .as("the send after close completed with an error")
                    .isNotNull();
        }
    }
}
