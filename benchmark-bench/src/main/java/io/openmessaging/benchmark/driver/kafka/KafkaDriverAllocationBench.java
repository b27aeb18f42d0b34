package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
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
 * beyond what kafka-clients allocates (bin/bench-kafka-allocation, docs/performance.md), for each place
 * the stamp can travel (the driver file's {@code stampIn}: {@code value}, the default, and {@code header}).
 * Read from the calling thread's allocation counter ({@link
 * com.sun.management.ThreadMXBean#getThreadAllocatedBytes}).
 *
 * <p><b>Send</b>: {@link KafkaBenchmarkProducer#sendAsync} into kafka-clients' own {@link MockProducer}
 * (which completes each send inline, so the completion path is measured too), minus the same number of
 * bare {@code send(new ProducerRecord(topic, null, null, null, payload), callback)} calls with one shared
 * callback: what the floor program does per message. The difference is the driver's: stamp, record shape,
 * completion. (With the stamp in a header, kafka-clients copies the record's header list, which a record
 * without headers does not need: that shows in the header figure.)
 *
 * <p><b>Receive</b>: the driver's per-poll delivery ({@code KafkaBenchmarkConsumer.deliver}, with manual
 * offset commits as by default) over batches of records shaped as the client returns them (a value stamp
 * in the value; or the stamp header's key and value in {@link ByteBuffer}s, decoded on first use, as the
 * client's record parser leaves them), minus a bare loop over the same batches that reads each value's
 * length (its iterator is kafka-clients' allocation, the same for both). The batches are built outside
 * the measured window.
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

    public static void main(String[] args) {
        long messages = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        byte[] payload = new byte[1024];
        System.out.printf(
                Locale.ROOT,
                "messages per round: %,d; bytes per message the driver allocates beyond the bare client%n",
                messages);
        System.out.println(
                "round  send, stamp in value  send, stamp in header  receive, value stamp  receive, header stamp");
        Fixture fixture = new Fixture();
        for (int round = 0; round <= rounds; round++) {
            Figures figures = fixture.round(payload, messages);
            System.out.printf(
                    Locale.ROOT,
                    "%-6s %19.2f  %21.2f  %20.2f  %21.2f%n",
                    round == 0 ? "warm" : Integer.toString(round),
                    figures.sendValueStamp(),
                    figures.sendHeaderStamp(),
                    figures.receiveValueStamp(),
                    figures.receiveHeaderStamp());
        }
    }

    /** One round's bytes per message beyond the bare client, per path and stamp placement. */
    record Figures(
            double sendValueStamp, double sendHeaderStamp, double receiveValueStamp, double receiveHeaderStamp) {}

    /**
     * One producer and one consumer per stamp placement for the whole run, as in a benchmark run: what each
     * allocates once (its reused completions, its copy of the payload) shows in the first round only.
     */
    static final class Fixture {
        private final MockProducer<String, byte[]> floorClient = mockProducer();
        private final MockProducer<String, byte[]> valueClient = mockProducer();
        private final MockProducer<String, byte[]> headerClient = mockProducer();
        private final KafkaBenchmarkProducer valueProducer =
                new KafkaBenchmarkProducer(valueClient, TOPIC, StampPlacement.VALUE);
        private final KafkaBenchmarkProducer headerProducer =
                new KafkaBenchmarkProducer(headerClient, TOPIC, StampPlacement.HEADER);
        private final KafkaBenchmarkConsumer valueConsumer = consumer();
        private final KafkaBenchmarkConsumer headerConsumer = consumer();

        Figures round(byte[] payload, long messages) {
            double floor = floorSendBytes(floorClient, payload, messages);
            return new Figures(
                    driverSendBytes(valueClient, valueProducer, payload, messages) - floor,
                    driverSendBytes(headerClient, headerProducer, payload, messages) - floor,
                    receiveBytes(valueConsumer, messages, StampPlacement.VALUE),
                    receiveBytes(headerConsumer, messages, StampPlacement.HEADER));
        }
    }

    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+
    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static MockProducer<String, byte[]> mockProducer() {
        return new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    }

    private static double floorSendBytes(MockProducer<String, byte[]> mock, byte[] payload, long messages) {
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

    private static double driverSendBytes(
            MockProducer<String, byte[]> mock, KafkaBenchmarkProducer producer, byte[] payload, long messages) {
        SendCallback callback = (intended, sentNanos, producerId, sequenceNumber, error) -> {};
        long bytes = 0;
        long stamp = 1_700_000_000_000_000_000L;
        for (long sent = 0; sent < messages; sent += BATCH) {
            mock.clear();
            long before = allocated();
            for (int i = 0; i < BATCH; i++) {
                stamp += 20_000;
                producer.sendAsync(null, payload, stamp, stamp + 1_000, 7, stamp, callback);
            }
            bytes += allocated() - before;
        }
        return (double) bytes / messages;
    }

    /** Driver's receive bytes per message minus a bare loop's over the same batches. */
    private static double receiveBytes(KafkaBenchmarkConsumer consumer, long messages, StampPlacement stampIn) {
        long driverBytes = 0;
        long floorBytes = 0;
        long offset = 0;
        long lengths = 0;
        for (long received = 0; received < messages; received += BATCH) {
            ConsumerRecords<String, byte[]> records = batch(offset, stampIn);
            offset += BATCH;
            // the first loop over a poll's records creates the map's values view; whichever loop came first
            // would pay it, so it is paid here, outside both windows
            records.iterator();
            long before = allocated();
            consumer.deliver(records);
            driverBytes += allocated() - before;
            before = allocated();
            for (ConsumerRecord<String, byte[]> record : records) {
                lengths += record.value().length;
            }
            floorBytes += allocated() - before;
        }
        if (lengths != messages / BATCH * BATCH * 1024L) {
            throw new IllegalStateException("the bare loop read " + lengths + " bytes");
        }
        return (double) (driverBytes - floorBytes) / messages;
    }

    /** A consumer whose delivery the bench calls directly (its poll thread is never started). */
    private static KafkaBenchmarkConsumer consumer() {
        MockConsumer<String, byte[]> mock = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name());
        ConsumerCallback callback = new ConsumerCallback() {
            @Override
            public void messageReceived(
                    long intended, long sent, int producerId, long sequence, int partition, int payloadSizeBytes) {}

            @Override
            public void unstampedMessageReceived(int payloadSizeBytes) {
                throw new IllegalStateException("a stamped message was delivered unstamped");
            }
        };
        return new KafkaBenchmarkConsumer(mock, TOPIC, "allocation", callback, true, 100, new KafkaDriverStats());
    }

    /** {@value #BATCH} records from {@code firstOffset} on, spread over the partitions, as a poll returns them. */
    private static ConsumerRecords<String, byte[]> batch(long firstOffset, StampPlacement stampIn) {
        Map<TopicPartition, List<ConsumerRecord<String, byte[]>>> byPartition = new HashMap<>();
        long offset = firstOffset;
        for (int i = 0; i < BATCH; i++, offset++) {
            int partition = i % PARTITIONS;
            byte[] value = new byte[1024];
            RecordHeaders headers = new RecordHeaders();
            if (stampIn == StampPlacement.VALUE) {
                MessageStampCodec.encodeIntoValue(value, offset, offset + 1_000, 7, 0);
            } else {
                headers.add(new RecordHeader(
                        ByteBuffer.wrap(MessageStampCodec.HEADER_NAME.getBytes(StandardCharsets.UTF_8)),
                        ByteBuffer.wrap(MessageStampCodec.encode(offset, offset + 1_000, 7, 0))));
            }
            byPartition
                    .computeIfAbsent(new TopicPartition(TOPIC, partition), p -> new ArrayList<>())
                    .add(new ConsumerRecord<>(
                            TOPIC,
                            partition,
                            offset,
                            0L,
                            TimestampType.CREATE_TIME,
                            0,
                            value.length,
                            null,
                            value,
                            headers,
                            Optional.empty()));
        }
        return new ConsumerRecords<>(byPartition, Map.of());
    }
}
