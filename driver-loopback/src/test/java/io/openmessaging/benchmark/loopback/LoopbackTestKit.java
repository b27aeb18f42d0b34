package io.openmessaging.benchmark.loopback;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.testing.ConsumerCallbacks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/** Shared helpers of the loopback tests: driver set-up, recording callbacks, bounded waits. */
final class LoopbackTestKit {

    static final String TOPIC = "loopback-topic-test";
    static final byte[] PAYLOAD = new byte[100];
    /** Generous bound for waits on the scheduler thread; only reached when something is broken. */
    static final Duration AWAIT = Duration.ofSeconds(30);

    private LoopbackTestKit() {}

    static LoopbackDriver initializedDriver(Clock clock, LoopbackConfig config, int partitions) throws Exception {
        LoopbackDriver driver = new LoopbackDriver(clock, config);
        driver.initialize();
        driver.createTopics(List.of(new TopicSpec(TOPIC, partitions))).get();
        return driver;
    }

    static BenchmarkProducer producer(LoopbackDriver driver) throws Exception {
        return driver.createProducer(TOPIC).get();
    }

    static BenchmarkConsumer consumer(LoopbackDriver driver, String subscription, ConsumerCallback callback)
            throws Exception {
        return driver.createConsumer(TOPIC, subscription, callback).get();
    }

    /** A stamp that identifies a message by producer id and sequence number. */
    static MessageStamp stamp(int producerId, long sequence) {
        return new MessageStamp(sequence, sequence, producerId, sequence);
    }

    /** Sends one message carrying {@code stamp}, as a producer thread would. */
    static void send(
            BenchmarkProducer producer, String key, byte[] payload, MessageStamp stamp, SendCallback callback) {
        producer.sendAsync(
                key,
                payload,
                stamp.intendedSendEpochNanos(),
                stamp.sentEpochNanos(),
                stamp.producerId(),
                stamp.sequence(),
                callback);
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + AWAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline)
                    .as("waited %s for %s", AWAIT, what)
                    .isNegative();
            TimeUnit.MILLISECONDS.sleep(2);
        }
    }

    /** A callback that hands every delivery to {@code each}: the stamp ({@code null} when none) and the size. */
    static ConsumerCallback receiving(BiConsumer<MessageStamp, Integer> each) {
        return ConsumerCallbacks.receiving(each);
    }

    /** One received or acknowledged message, with the clock reading and thread at the callback. */
    record Event(MessageStamp stamp, int payloadSizeBytes, Throwable error, long monotonicNanos, String thread) {}

    /** Records every delivery, in order. */
    static final class RecordingConsumer implements ConsumerCallbacks.Receiver {
        private final Clock clock;
        private final List<Event> events = new ArrayList<>();

        RecordingConsumer(Clock clock) {
            this.clock = clock;
        }

        @Override
        public synchronized void received(MessageStamp stamp, int payloadSizeBytes) {
            events.add(new Event(
                    stamp,
                    payloadSizeBytes,
                    null,
                    clock.monotonicNanos(),
                    Thread.currentThread().getName()));
        }

        synchronized List<Event> events() {
            return List.copyOf(events);
        }

        synchronized List<MessageStamp> stamps() {
            return events.stream().map(Event::stamp).toList();
        }

        synchronized int count() {
            return events.size();
        }
    }

    /** Records every send completion, in order. */
    static final class RecordingSendCallback implements SendCallback {
        private final Clock clock;
        private final List<Event> events = new ArrayList<>();

        RecordingSendCallback(Clock clock) {
            this.clock = clock;
        }

        @Override
        public synchronized void sendCompleted(
                long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, Throwable error) {
            MessageStamp stamp = new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence);
            events.add(new Event(
                    stamp,
                    0,
                    error,
                    clock.monotonicNanos(),
                    Thread.currentThread().getName()));
        }

        synchronized List<Event> events() {
            return List.copyOf(events);
        }

        synchronized int count() {
            return events.size();
        }

        synchronized List<Event> errors() {
            return events.stream().filter(e -> e.error() != null).toList();
        }
    }
}
