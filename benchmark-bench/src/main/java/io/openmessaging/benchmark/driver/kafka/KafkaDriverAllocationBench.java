package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Bytes the Kafka driver's own code allocates per message, on the send path and on the receive path,
 * beyond what kafka-clients allocates (bin/bench-kafka-allocation, docs/performance.md). Read from the
 * calling thread's allocation counter ({@link com.sun.management.ThreadMXBean#getThreadAllocatedBytes}).
 *
 * <p><b>Send</b>: {@link KafkaBenchmarkProducer#sendAsync} into kafka-clients' own {@link MockProducer}
 * (which completes each send inline, so the completion path is measured too), minus the same number of
 * bare {@code send(new ProducerRecord(topic, payload), callback)} calls with one shared callback: what the
 * floor program does per message. The difference is the driver's: stamp, header, completion.
 *
 * <p><b>Receive</b>: the driver's per-poll delivery ({@code KafkaBenchmarkConsumer.deliver}, with manual
 * offset commits as by default) over batches of records shaped as the client returns them (the stamp
 * header's key and value in {@link ByteBuffer}s, decoded on first use, as the client's record parser
 * leaves them). The batches are built
 * outside the measured window; the floor reads only each value's length, which allocates nothing.
 *
 * <p>kafka-clients' test doubles stand in for the client here only; nothing here talks to a broker.
 */
public final class KafkaDriverAllocationBench {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final String TOPIC = "allocation";
    private static final int PARTITIONS = 16;
    private static final int BATCH = 500;

    private KafkaDriverAllocationBench() {}

    public static void main(String[] args) throws Throwable {
        long messages = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        byte[] payload = new byte[1024];
        System.out.printf(Locale.ROOT, "messages per round: %,d; bytes per message (driver's own)%n", messages);
        System.out.println("round  send (driver - floor)  [driver, floor]   receive");
        for (int round = 0; round <= rounds; round++) {
            double floor = floorSendBytes(payload, messages);
            double driver = driverSendBytes(payload, messages);
            double receive = receiveBytes(messages);
            System.out.printf(
                    Locale.ROOT,
                    "%-6s %10.2f             [%.2f, %.2f]   %.2f%n",
                    round == 0 ? "warm" : Integer.toString(round),
                    driver - floor,
                    driver,
                    floor,
                    receive);
        }
    }

    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+
    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static MockProducer<String, byte[]> mockProducer() {
        return new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    }

    private static double floorSendBytes(byte[] payload, long messages) {
        MockProducer<String, byte[]> mock = mockProducer();
        Callback callback = (metadata, exception) -> {};
        long bytes = 0;
        for (long sent = 0; sent < messages; sent += BATCH) {
            mock.clear(); // the double keeps every record; its history is not the floor's
            long before = allocated();
            for (int i = 0; i < BATCH; i++) {
                mock.send(new ProducerRecord<>(TOPIC, null, null, null, payload), callback);
            }
            bytes += allocated() - before;
        }
        return (double) bytes / messages;
    }

    private static double driverSendBytes(byte[] payload, long messages) {
        MockProducer<String, byte[]> mock = mockProducer();
        KafkaBenchmarkProducer producer = new KafkaBenchmarkProducer(mock, TOPIC);
        SendCallback callback = (intended, sentNanos, producerId, error) -> {};
        long bytes = 0;
        long stamp = 1_700_000_000_000_000_000L;
        for (long sent = 0; sent < messages; sent += BATCH) {
            mock.clear();
            long before = allocated();
            for (int i = 0; i < BATCH; i++) {
                stamp += 20_000;
                producer.sendAsync(null, payload, stamp, stamp + 1_000, 7, callback);
            }
            bytes += allocated() - before;
        }
        return (double) bytes / messages;
    }

    private static double receiveBytes(long messages) throws Throwable {
        MockConsumer<String, byte[]> mock = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name());
        ConsumerCallback callback = new ConsumerCallback() {
            @Override
            public void messageReceived(long intended, long sent, int producerId, int payloadSizeBytes) {}

            @Override
            public void unstampedMessageReceived(int payloadSizeBytes) {
                throw new IllegalStateException("a stamped message was delivered unstamped");
            }
        };
        KafkaBenchmarkConsumer consumer =
                new KafkaBenchmarkConsumer(mock, TOPIC, "allocation", callback, true, 100, new KafkaDriverStats());
        MethodHandle deliver = MethodHandles.privateLookupIn(KafkaBenchmarkConsumer.class, MethodHandles.lookup())
                .findVirtual(
                        KafkaBenchmarkConsumer.class,
                        "deliver",
                        MethodType.methodType(void.class, ConsumerRecords.class));
        byte[] value = new byte[1024];
        long bytes = 0;
        long offset = 0;
        for (long received = 0; received < messages; received += BATCH) {
            Map<TopicPartition, List<ConsumerRecord<String, byte[]>>> byPartition = new HashMap<>();
            for (int i = 0; i < BATCH; i++) {
                int partition = i % PARTITIONS;
                RecordHeaders headers = new RecordHeaders();
                headers.add(new RecordHeader(
                        ByteBuffer.wrap(MessageStampCodec.HEADER_NAME.getBytes(StandardCharsets.UTF_8)),
                        ByteBuffer.wrap(MessageStampCodec.encode(offset, offset + 1_000, 7))));
                byPartition
                        .computeIfAbsent(new TopicPartition(TOPIC, partition), p -> new ArrayList<>())
                        .add(new ConsumerRecord<>(
                                TOPIC,
                                partition,
                                offset++,
                                0L,
                                TimestampType.CREATE_TIME,
                                0,
                                value.length,
                                null,
                                value,
                                headers,
                                Optional.empty()));
            }
            ConsumerRecords<String, byte[]> records = new ConsumerRecords<>(byPartition, Map.of());
            long before = allocated();
            deliver.invokeExact(consumer, records);
            bytes += allocated() - before;
        }
        return (double) bytes / messages;
    }
}
