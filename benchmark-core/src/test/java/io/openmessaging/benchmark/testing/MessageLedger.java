package io.openmessaging.benchmark.testing;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.driver.SendCallback;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Sends numbered messages and checks what consumers receive: every message is identified by its
 * producer id and sequence number, both carried in the stamp (the sequence as the intended send
 * time, and a checksum of both as the sent time, so a damaged stamp shows). Thread-safe.
 */
public final class MessageLedger implements ConsumerCallbacks.Receiver {

    private final ConcurrentHashMap<Long, AtomicInteger> receivedCounts = new ConcurrentHashMap<>();
    private final AtomicLong deliveries = new AtomicLong();
    private final AtomicLong unstamped = new AtomicLong();
    private final AtomicLong damagedStamps = new AtomicLong();
    private final AtomicLong wrongSizes = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong sendErrors = new AtomicLong();
    private final AtomicReference<Throwable> firstSendError = new AtomicReference<>();
    private final int payloadSizeBytes;

    public MessageLedger(int payloadSizeBytes) {
        this.payloadSizeBytes = payloadSizeBytes;
    }

    /** Sends messages {@code firstSequence … firstSequence + count - 1} of {@code producerId}. */
    public void send(BenchmarkProducer producer, int producerId, long firstSequence, int count) {
        byte[] payload = new byte[payloadSizeBytes];
        SendCallback callback = (intended, sent, id, sequence, error) -> {
            if (error == null) {
                acknowledged.incrementAndGet();
            } else {
                sendErrors.incrementAndGet();
                firstSendError.compareAndSet(null, error);
            }
        };
        for (long sequence = firstSequence; sequence < firstSequence + count; sequence++) {
            producer.sendAsync(
                    "key-" + (sequence % 64),
                    payload,
                    sequence,
                    checksum(producerId, sequence),
                    producerId,
                    sequence,
                    callback);
        }
    }

    @Override
    public void received(MessageStamp stamp, int size) {
        deliveries.incrementAndGet();
        if (size != payloadSizeBytes) {
            wrongSizes.incrementAndGet();
        }
        if (stamp == null) {
            unstamped.incrementAndGet();
            return;
        }
        if (stamp.sentEpochNanos() != checksum(stamp.producerId(), stamp.intendedSendEpochNanos())) {
            damagedStamps.incrementAndGet();
            return;
        }
        receivedCounts
                .computeIfAbsent(id(stamp.producerId(), stamp.intendedSendEpochNanos()), k -> new AtomicInteger())
                .incrementAndGet();
    }

    public long deliveries() {
        return deliveries.get();
    }

    /** Distinct messages received with an intact stamp. */
    public long distinctReceived() {
        return receivedCounts.size();
    }

    /** Messages received more than once. */
    public long duplicates() {
        return receivedCounts.values().stream().filter(c -> c.get() > 1).count();
    }

    public boolean received(int producerId, long sequence) {
        return receivedCounts.containsKey(id(producerId, sequence));
    }

    public long unstamped() {
        return unstamped.get();
    }

    public long damagedStamps() {
        return damagedStamps.get();
    }

    public long wrongSizes() {
        return wrongSizes.get();
    }

    public long acknowledged() {
        return acknowledged.get();
    }

    public long sendErrors() {
        return sendErrors.get();
    }

    public Throwable firstSendError() {
        return firstSendError.get();
    }

    /** A one-line account for assertion messages. */
    public String summary() {
        return Map.of(
                                "acknowledged",
                                acknowledged(),
                                "sendErrors",
                                sendErrors(),
                                "deliveries",
                                deliveries(),
                                "distinct",
                                distinctReceived(),
                                "duplicates",
                                duplicates(),
                                "unstamped",
                                unstamped(),
                                "damagedStamps",
                                damagedStamps(),
                                "wrongSizes",
                                wrongSizes())
                        .toString()
                + (firstSendError() == null ? "" : " first send error: " + firstSendError());
    }

    /** Waits until {@code condition} holds, failing with {@code what} and the summary after {@code timeout}. */
    public void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "timed out after " + timeout.toSeconds() + " s waiting for " + what + ": " + summary());
            }
            Thread.sleep(20);
        }
    }

    private static long checksum(int producerId, long sequence) {
        return (sequence * 1_000_003L) ^ (0x5DEECE66DL * (producerId + 1));
    }

    private static long id(int producerId, long sequence) {
        return ((long) producerId << 40) | sequence;
    }
}
