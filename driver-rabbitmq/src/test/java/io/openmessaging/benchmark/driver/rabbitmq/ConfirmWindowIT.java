package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.TestNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The confirm window ({@code maxOutstandingConfirms}) against a real local node: never more sends out than the
 * window, every message accounted for, and a window the broker cannot keep full queues sends in the producer,
 * which the response times show, instead of failing them or blocking the producer thread.
 */
class ConfirmWindowIT {

    private static final int MESSAGES = 20_000;

    @TempDir
    Path dir;

    /**
     * 20,000 sends in a tight loop through a window of 10: the producer thread never waits for a confirm (sends
     * still wait in the producer when the loop ends), at most 10 publishes are ever unconfirmed, and every
     * message is confirmed and delivered once.
     */
    @Test
    void aWindowOfTenNeverHasMoreThanTenUnconfirmedPublishes() throws Exception {
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        RabbitMqDriverIT.Ledger ledger = new RabbitMqDriverIT.Ledger();
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(
                    SharedLocalRabbitMq.withSetting(
                            SharedLocalRabbitMq.shippedYamlFor("rabbitmq.yaml", broker),
                            "maxOutstandingConfirms",
                            "10"),
                    "rabbitmq.yaml");
            driver.initialize();
            String topic = TestNames.unique("it-window");
            driver.createTopics(List.of(new TopicSpec(topic, 4))).get();
            driver.createConsumer(topic, "sub", ledger).get();
            RabbitMqBenchmarkProducer producer =
                    (RabbitMqBenchmarkProducer) driver.createProducer(topic).get();
            ConfirmWindow<PendingConfirms.Pending> window = producer.confirmWindow();

            for (int i = 0; i < MESSAGES; i++) {
                producer.sendAsync(null, new byte[100], i, i, 1, i, ledger::acked);
            }
            int waitingWhenTheLoopEnded = window.waiting();

            ledger.awaitAcks(MESSAGES, Duration.ofSeconds(60));
            ledger.awaitReceived(MESSAGES, Duration.ofSeconds(60));
            Thread.sleep(300); // a duplicate would arrive right behind the last message
            ledger.assertEachExactlyOnce(MESSAGES);
            assertThat(waitingWhenTheLoopEnded)
                    .as("sends queued in the producer when its thread had made all 20,000")
                    .isPositive();
            assertThat(window.peakHeld())
                    .as("most publishes unconfirmed at once")
                    .isEqualTo(10);
            assertThat(window.held()).as("unconfirmed at the end").isZero();
            assertThat(window.waiting()).isZero();
            assertThat(driver.counters().get("rabbitmq.confirmWindowWaitedMessages"))
                    .as("sends that waited for the window")
                    .isPositive()
                    .isLessThanOrEqualTo(MESSAGES);
            assertThat(driver.describe()).containsEntry("rabbitmq.maxOutstandingConfirms", "10");
            System.out.printf(
                    "window 10: %d of %d sends waited, %d queued when the loop ended, %d µs waited in all%n",
                    driver.counters().get("rabbitmq.confirmWindowWaitedMessages"),
                    MESSAGES,
                    waitingWhenTheLoopEnded,
                    driver.counters().get("rabbitmq.confirmWindowWaitMicros"));
        }
        SharedLocalRabbitMq.awaitConnectionCount(broker, 0, Duration.ofSeconds(15));
    }

    /**
     * A channel the broker closes (a publish to an exchange deleted behind the driver's back) while sends wait
     * for the window: each of them fails once, with the channel's end as the reason, none is published on the
     * dead channel, and none is left in flight.
     */
    @Test
    void sendsWaitingWhenTheChannelIsClosedFailWithItsReason() throws Exception {
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        try (RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver()) {
            driver.configure(
                    SharedLocalRabbitMq.withSetting(
                            SharedLocalRabbitMq.shippedYamlFor("rabbitmq.yaml", broker), "maxOutstandingConfirms", "1"),
                    "rabbitmq.yaml");
            driver.initialize();
            String topic = TestNames.unique("it-window-closed");
            driver.createTopics(List.of(new TopicSpec(topic, 1))).get();
            RabbitMqBenchmarkProducer producer =
                    (RabbitMqBenchmarkProducer) driver.createProducer(topic).get();
            ConnectionFactory factory = new ConnectionFactory();
            factory.setUri(broker.amqpUri());
            try (Connection connection = factory.newConnection("it-window-closed");
                    Channel channel = connection.createChannel()) {
                channel.exchangeDelete(Topology.exchangeName(topic));
            }

            for (int i = 0; i <= 100; i++) {
                producer.sendAsync(
                        null,
                        new byte[100],
                        i,
                        i,
                        1,
                        i,
                        (intended, sent, id, sequence, error) ->
                                errors.add(error == null ? "acknowledged" : error.getMessage()));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (errors.size() < 101 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }

            assertThat(errors).as("completed sends").hasSize(101);
            assertThat(errors)
                    .as("every send failed with the channel's end")
                    .allSatisfy(message -> assertThat(message)
                            .startsWith("the channel of the producer of " + topic + " shut down")
                            .contains("NOT_FOUND"));
            assertThat(producer.confirmWindow().waiting()).isZero();
        }
        SharedLocalRabbitMq.awaitConnectionCount(broker, 0, Duration.ofSeconds(15));
    }

    /** A whole run with the window of the study's latency tests: it completes and every due message is confirmed. */
    @Test
    void aRunWithAWindowOfTenAcknowledgesEveryDueMessage() throws Exception {
        TestResult result = run(10, 2, 4_000, "3s", "10s");

        assertThat(result.totalSendErrors).isZero();
        assertThat(result.totalMessagesSent)
                .as("acknowledged = attempted = due")
                .isEqualTo(result.totalMessagesAttempted)
                .isEqualTo(result.totalMessagesDue);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.metadata.driverCounters)
                .containsKeys("rabbitmq.confirmWindowWaitedMessages", "rabbitmq.confirmWindowWaitMicros");
    }

    /**
     * One send out at a time, at 20,000 msg/s from one producer: more than one local node confirms one by one,
     * which would take a publish-and-confirm round trip under 50 µs (a local node has taken 200 to 300 µs; at
     * 5,000 msg/s one machine kept up within 31 ms, so the rate leaves a wide margin). The sends queue in the
     * producer, so the response time grows period by period and the sends wait, but none fails, the producer
     * thread keeps its schedule, and the drain confirms them all.
     */
    @Test
    void aWindowOfOneTheBrokerCannotKeepUpWithQueuesSendsInsteadOfFailingThem() throws Exception {
        TestResult result = run(1, 1, 20_000, "1s", "4s");

        assertThat(result.totalSendErrors).as("failed sends").isZero();
        assertThat(result.totalMessagesSent).as("acknowledged = due").isEqualTo(result.totalMessagesDue);
        long waited = result.metadata.driverCounters.get("rabbitmq.confirmWindowWaitedMessages");
        long waitMicros = result.metadata.driverCounters.get("rabbitmq.confirmWindowWaitMicros");
        assertThat(waited).as("sends that waited for the window").isGreaterThan(result.totalMessagesSent / 2);
        assertThat(waitMicros / waited).as("mean wait for the window, µs").isGreaterThan(100_000);
        List<Double> p50 = result.publishResponseTime50pct;
        assertThat(p50.get(p50.size() - 1))
                .as("publish response time p50 of the last period against the first, ms: %s", p50)
                .isGreaterThan(p50.get(0));
        assertThat(result.aggregatedPublishLatency50pct)
                .as("service time p50 (ms) holds the wait in the producer")
                .isGreaterThan(100.0);
        System.out.printf(
                "window 1 at 20,000 msg/s: %d sent, publish response time p50 per period %s ms, p99 %.1f ms; %d sends"
                        + " waited %d ms on average%n",
                result.totalMessagesSent,
                p50,
                result.aggregatedPublishResponseTime99pct,
                waited,
                waitMicros / waited / 1000);
    }

    private TestResult run(int window, int producers, int rate, String warmup, String test) throws Exception {
        LocalRabbitMqBroker broker = SharedLocalRabbitMq.broker();
        Path driver = Files.writeString(
                dir.resolve("rabbitmq-window.yaml"),
                SharedLocalRabbitMq.withSetting(
                        SharedLocalRabbitMq.shippedYamlFor("rabbitmq.yaml", broker),
                        "maxOutstandingConfirms",
                        Integer.toString(window)));
        Path workload = BenchmarkRuns.workload(dir, "window-" + window, 4, producers, 1, rate, warmup, test, 2000, 100);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(dir, "-d", driver.toString(), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.result().complete).isTrue();
        SharedLocalRabbitMq.awaitConnectionCount(broker, 0, Duration.ofSeconds(15));
        return outcome.result();
    }
}
