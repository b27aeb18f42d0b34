package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig;
import io.openmessaging.benchmark.driver.kafka.KafkaDriverDefaults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
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
 * <p>Each producer has its own thread and paced loop: message {@code i} is due at {@code start + i /
 * rate}; the thread parks until it is due (and, like the benchmark's producer thread, at least one wake
 * interval after its last deadline, so both wake equally often), and when late sends at once without
 * resetting the schedule (catch-up). Each consumer has its own poll thread and reads every record's
 * value. Threads are named as the benchmark's ({@code producer-N}, {@code kafka-consumer-…}) so that
 * per-thread CPU lines up. The run lasts warm-up plus measured duration; CPU and memory are measured from outside
 * ({@code bin/perf-floor}).
 *
 * <p>Prints one line {@code floor: sent=… acknowledged=… failed=… received=…} and exits 0 when every
 * sent message was acknowledged and received, 1 otherwise, 2 on bad usage.
 */
public final class KafkaFloor {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(KafkaDriverDefaults.POLL_TIMEOUT_MS);
    private static final long MAX_PARK_NANOS = 10_000_000;
    private static final long READY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long DRAIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final FloorOptions options;
    private final KafkaDriverConfig config;
    private final LongAdder sent = new LongAdder();
    private final LongAdder acknowledged = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder received = new LongAdder();
    private final LongAdder receivedBytes = new LongAdder();
    private final AtomicInteger assignedPartitions = new AtomicInteger();
    private volatile boolean consuming = true;

    private KafkaFloor(FloorOptions options, KafkaDriverConfig config) {
        this.options = options;
        this.config = config;
    }

    public static void main(String[] args) throws Exception {
        FloorOptions options;
        KafkaDriverConfig config;
        try {
            options = FloorOptions.parse(args);
            Path driver = options.driverFile();
            if (!Files.isRegularFile(driver)) {
                throw new IllegalArgumentException("--driver: no such file: " + driver);
            }
            config = KafkaDriverConfig.parse(
                    Files.readString(driver, StandardCharsets.UTF_8), driver.toString(), KafkaDriverDefaults.KAFKA);
        } catch (IllegalArgumentException | DriverException e) {
            System.err.println("kafka-floor: error: " + e.getMessage());
            System.err.println(FloorOptions.USAGE);
            System.exit(2);
            return;
        }
        System.exit(new KafkaFloor(options, config).run());
    }

    private int run() throws Exception {
        String runId = UUID.randomUUID().toString().substring(0, 8);
        List<String> topics = new ArrayList<>();
        for (int t = 0; t < options.topics(); t++) {
            topics.add("floor-" + runId + "-" + t);
        }
        try (Admin admin = Admin.create(config.adminProperties())) {
            createTopics(admin, topics);
            List<Thread> consumers = new ArrayList<>();
            for (String topic : topics) {
                for (int c = 0; c < options.consumersPerTopic(); c++) {
                    Thread thread = new Thread(() -> consume(topic, "floor-sub-" + runId), "kafka-consumer-floor-" + c);
                    thread.start();
                    consumers.add(thread);
                }
            }
            awaitAssignment(topics.size() * options.partitionsPerTopic());
            long startNanos = System.nanoTime();
            long endNanos = startNanos + TimeUnit.SECONDS.toNanos(options.warmupSeconds() + options.durationSeconds());
            int producers = topics.size() * options.producersPerTopic();
            double ratePerProducer = (double) options.rate() / producers;
            List<Thread> producerThreads = new ArrayList<>();
            byte[] payload = new byte[options.messageSize()];
            new SplittableRandom(1).nextBytes(payload);
            for (String topic : topics) {
                for (int p = 0; p < options.producersPerTopic(); p++) {
                    Thread thread = new Thread(
                            () -> produce(topic, payload, ratePerProducer, startNanos, endNanos), "producer-" + p);
                    thread.start();
                    producerThreads.add(thread);
                }
            }
            for (Thread thread : producerThreads) {
                thread.join();
            }
            long drainDeadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
            while (received.sum() < sent.sum() && System.nanoTime() - drainDeadline < 0) {
                Thread.sleep(10);
            }
            consuming = false;
            for (Thread thread : consumers) {
                thread.join();
            }
            admin.deleteTopics(topics).all().get(30, TimeUnit.SECONDS);
        }
        long sentCount = sent.sum();
        System.out.printf(
                "floor: sent=%d acknowledged=%d failed=%d received=%d receivedBytes=%d%n",
                sentCount, acknowledged.sum(), failed.sum(), received.sum(), receivedBytes.sum());
        return acknowledged.sum() == sentCount && received.sum() >= sentCount ? 0 : 1;
    }

    private void createTopics(Admin admin, List<String> topics) throws Exception {
        List<NewTopic> newTopics = new ArrayList<>();
        Map<String, String> topicConfigs = new HashMap<>(config.topicConfigs());
        for (String topic : topics) {
            newTopics.add(new NewTopic(topic, Optional.of(options.partitionsPerTopic()), config.replicationFactor())
                    .configs(topicConfigs));
        }
        admin.createTopics(newTopics).all().get(60, TimeUnit.SECONDS);
    }

    private void awaitAssignment(int partitions) throws InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT_NANOS;
        while (assignedPartitions.get() < partitions) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("consumers were assigned only " + assignedPartitions.get() + " of "
                        + partitions + " partitions within 60 s");
            }
            Thread.sleep(10);
        }
    }

    /** The paced send loop: park until due (one wake interval apart at least), catch up without reset. */
    private void produce(String topic, byte[] payload, double ratePerProducer, long startNanos, long endNanos) {
        double gapNanos = 1e9 / ratePerProducer;
        long wakeIntervalNanos = TimeUnit.MICROSECONDS.toNanos(options.wakeIntervalMicros());
        long lastDeadlineNanos = startNanos - wakeIntervalNanos;
        Callback callback = new Acknowledgements();
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config.producerProperties())) {
            for (long index = 0; ; index++) {
                long dueNanos = startNanos + (long) (index * gapNanos);
                if (dueNanos - endNanos >= 0) {
                    break;
                }
                long nowNanos = System.nanoTime();
                if (nowNanos - dueNanos < 0) {
                    long deadlineNanos = Math.max(dueNanos, lastDeadlineNanos + wakeIntervalNanos);
                    while ((nowNanos = System.nanoTime()) - deadlineNanos < 0) {
                        LockSupport.parkNanos(Math.min(deadlineNanos - nowNanos, MAX_PARK_NANOS));
                    }
                    lastDeadlineNanos = deadlineNanos;
                }
                producer.send(new ProducerRecord<>(topic, payload), callback);
                sent.increment();
            }
            producer.flush();
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
