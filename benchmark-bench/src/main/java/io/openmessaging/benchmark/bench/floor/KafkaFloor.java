package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverDefaults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The client library's floor for a Kafka workload: the same sends and receives as the benchmark, with
 * the client settings of the same driver YAML (parsed by the Kafka driver's own {@link
 * KafkaDriverConfig}, so producer and consumer properties are identical), and nothing else: no stamps,
 * no histograms, no offset commits beyond what the driver file's consumer settings make the client do
 * itself (the Kafka driver's default {@code enable.auto.commit=false}: none).
 *
 * <p>Pacing, threads, counters and exit code are {@link FloorRun}'s. Each consumer has its own poll
 * thread ({@code kafka-consumer-…}, as the benchmark's) and reads every record's value.
 */
public final class KafkaFloor extends FloorRun {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(KafkaDriverDefaults.POLL_TIMEOUT_MS);

    private final KafkaDriverConfig config;
    private final AtomicInteger assignedPartitions = new AtomicInteger();
    private final List<Thread> consumers = new ArrayList<>();
    private final List<String> topics = new ArrayList<>();
    private volatile boolean consuming = true;
    private Admin admin;

    private KafkaFloor(FloorOptions options, KafkaDriverConfig config) {
        super(options);
        this.config = config;
    }

    public static void main(String[] args) throws Exception {
        FloorRun.main(
                "kafka-floor",
                args,
                (yaml, source) -> KafkaDriverConfig.parse(yaml, source, KafkaDriverDefaults.KAFKA),
                KafkaFloor::new);
    }

    @Override
    List<String> start(String runId) throws Exception {
        for (int t = 0; t < options.topics(); t++) {
            topics.add("floor-" + runId + "-" + t);
        }
        admin = Admin.create(config.adminProperties());
        List<NewTopic> newTopics = new ArrayList<>();
        Map<String, String> topicConfigs = new HashMap<>(config.topicConfigs());
        for (String topic : topics) {
            newTopics.add(new NewTopic(topic, Optional.of(options.partitionsPerTopic()), config.replicationFactor())
                    .configs(topicConfigs));
        }
        admin.createTopics(newTopics).all().get(60, TimeUnit.SECONDS);
        for (String topic : topics) {
            for (int c = 0; c < options.consumersPerTopic(); c++) {
                Thread thread = new Thread(() -> consume(topic, "floor-sub-" + runId), "kafka-consumer-floor-" + c);
                thread.start();
                consumers.add(thread);
            }
        }
        int partitions = topics.size() * options.partitionsPerTopic();
        awaitReady(
                () -> assignedPartitions.get() >= partitions,
                "consumers were not assigned all " + partitions + " partitions");
        return List.copyOf(topics);
    }

    @Override
    Sender sender(String topic) {
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties());
        Callback callback = new Acknowledgements();
        return new Sender() {
            @Override
            public void send(byte[] payload) {
                producer.send(new ProducerRecord<>(topic, payload), callback);
            }

            @Override
            public void close() {
                producer.flush();
                producer.close();
            }
        };
    }

    @Override
    void stop() throws Exception {
        consuming = false;
        for (Thread thread : consumers) {
            thread.join();
        }
        if (admin != null) {
            try {
                admin.deleteTopics(topics).all().get(30, TimeUnit.SECONDS);
            } finally {
                admin.close();
            }
        }
    }

    private void consume(String topic, String group) {
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config.consumerProperties(group))) {
            consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    assignedPartitions.addAndGet(-partitions.size());
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    assignedPartitions.addAndGet(partitions.size());
                }
            });
            long bytes = 0;
            while (consuming) {
                ConsumerRecords<String, byte[]> records = consumer.poll(POLL_TIMEOUT);
                for (ConsumerRecord<String, byte[]> record : records) {
                    byte[] value = record.value();
                    bytes += value == null ? 0 : value.length;
                }
                received.add(records.count());
            }
            receivedBytes.add(bytes);
        }
    }

    /** One callback object per producer: counts acknowledgements and failures. */
    private final class Acknowledgements implements Callback {
        @Override
        public void onCompletion(RecordMetadata metadata, Exception exception) {
            if (exception == null) {
                acknowledged.increment();
            } else {
                failed.increment();
            }
        }
    }
}
