package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver;
import io.openmessaging.benchmark.driver.pulsar.PulsarDriverConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.MessageListener;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.Schema;

/**
 * The client library's floor for a Pulsar workload: the same sends and receives as the benchmark with
 * the same driver file's settings, and nothing else (no stamp property, no histograms).
 *
 * <p>The setup is the Pulsar driver's own: {@link PulsarBenchmarkDriver} parses the driver file,
 * builds the client (io threads, connections, memory limit, listener threads) and creates the run's
 * namespace (persistence, deduplication and backlog policies) and partitioned topics; producers come
 * from the driver's {@link PulsarBenchmarkDriver#producerBuilder} (batching, pending queue, no send
 * timeout). Consumers subscribe as the driver's do: one consumer per partition with the file's
 * subscription type and receiver queue, pooled messages, a message listener (so received messages are
 * handled on the client's listener threads, as in the benchmark) that acknowledges each message
 * asynchronously and releases it. The namespace stays, as the driver leaves it.
 *
 * <p>Pacing, threads, counters and exit code are {@link FloorRun}'s.
 */
public final class PulsarFloor extends FloorRun {

    private final PulsarBenchmarkDriver driver;
    private final List<Consumer<byte[]>> consumers = new ArrayList<>();

    private PulsarFloor(FloorOptions options, PulsarBenchmarkDriver driver) {
        super(options);
        this.driver = driver;
    }

    public static void main(String[] args) throws Exception {
        FloorRun.main(
                "pulsar-floor",
                args,
                (yaml, source) -> {
                    PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
                    driver.configure(yaml, source);
                    return driver;
                },
                PulsarFloor::new);
    }

    @Override
    List<String> start(String runId) throws Exception {
        driver.initialize();
        PulsarDriverConfig config = driver.config();
        PulsarClient client = driver.client();
        List<String> topics = new ArrayList<>();
        List<TopicSpec> specs = new ArrayList<>();
        for (int t = 0; t < options.topics(); t++) {
            String topic = driver.topicNamePrefix() + "-floor-" + runId + "-" + t;
            topics.add(topic);
            specs.add(new TopicSpec(topic, options.partitionsPerTopic()));
        }
        driver.createTopics(specs).get(60, TimeUnit.SECONDS);
        MessageListener<byte[]> listener = new Receiver();
        for (String topic : topics) {
            List<String> partitions = client.getPartitionsForTopic(topic).get(60, TimeUnit.SECONDS);
            for (int c = 0; c < options.consumersPerTopic(); c++) {
                for (String partition : partitions) {
                    consumers.add(client.newConsumer(Schema.BYTES)
                            .topic(partition)
                            .subscriptionName("floor-sub-" + runId)
                            .subscriptionType(config.consumer().subscriptionType())
                            .receiverQueueSize(config.consumer().receiverQueueSize())
                            .consumerName(String.format("floor-sub-%s-%05d", runId, c))
                            .messageListener(listener)
                            .poolMessages(true)
                            .subscribe());
                }
            }
        }
        return topics;
    }

    @Override
    Sender sender(String topic) throws Exception {
        Producer<byte[]> producer = PulsarBenchmarkDriver.producerBuilder(
                        driver.client(), driver.config().producer(), topic)
                .create();
        BiConsumer<MessageId, Throwable> completion = (id, error) -> {
            if (error == null) {
                acknowledged.increment();
            } else {
                failed.increment();
            }
        };
        return new Sender() {
            @Override
            public void send(byte[] payload) {
                producer.sendAsync(payload).whenComplete(completion);
            }

            @Override
            public void close() throws Exception {
                producer.flush();
                producer.close();
            }
        };
    }

    @Override
    void stop() throws Exception {
        for (Consumer<byte[]> consumer : consumers) {
            consumer.close();
        }
        driver.close();
    }

    /** Counts each message and its bytes, acknowledges it asynchronously and releases it. */
    private final class Receiver implements MessageListener<byte[]> {
        private final BiConsumer<Void, Throwable> acknowledgement = (ignored, error) -> {
            if (error != null) {
                failed.increment();
            }
        };

        @Override
        public void received(Consumer<byte[]> consumer, Message<byte[]> message) {
            try {
                receivedBytes.add(message.size());
                consumer.acknowledgeAsync(message.getMessageId()).whenComplete(acknowledgement);
                received.increment();
            } finally {
                message.release();
            }
        }
    }
}
