package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStamp;
import io.openmessaging.benchmark.testing.ConsumerCallbacks;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Sends numbered messages (the number travels as the stamp's intended send time) and accounts for what
 * a consumer callback receives: deliveries, distinct numbers, duplicates, unstamped messages and
 * failures. Thread-safe.
 */
final class DeliveryLedger implements ConsumerCallbacks.Receiver {

    private final ConcurrentHashMap<Long, Boolean> received = new ConcurrentHashMap<>();
    private final AtomicLong deliveries = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong unstamped = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong sendErrors = new AtomicLong();
    private final AtomicReference<Throwable> consumerFailure = new AtomicReference<>();

    /** Sends messages {@code first … first + count - 1}, each {@code payloadBytes} long. */
    void send(BenchmarkProducer producer, long first, int count, int payloadBytes) {
        byte[] payload = new byte[payloadBytes];
        for (long number = first; number < first + count; number++) {
            producer.sendAsync(
                    null, payload, number, System.nanoTime(), 0, 0, (intended, sent, id, sequenceNumber, error) -> {
                        if (error == null) {
                            acknowledged.incrementAndGet();
                        } else {
                            sendErrors.incrementAndGet();
                        }
                    });
        }
    }

    @Override
    public void received(MessageStamp stamp, int payloadSizeBytes) {
        deliveries.incrementAndGet();
        if (stamp == null) {
            unstamped.incrementAndGet();
        } else if (received.putIfAbsent(stamp.intendedSendEpochNanos(), Boolean.TRUE) != null) {
            duplicates.incrementAndGet();
        }
    }

    @Override
    public void consumerFailed(Throwable cause) {
        consumerFailure.compareAndSet(null, cause);
    }

    long deliveries() {
        return deliveries.get();
    }

    long distinct() {
        return received.size();
    }

    long duplicates() {
        return duplicates.get();
    }

    long unstamped() {
        return unstamped.get();
    }

    long acknowledged() {
        return acknowledged.get();
    }

    long sendErrors() {
        return sendErrors.get();
    }

    Throwable consumerFailure() {
        return consumerFailure.get();
    }

    String summary() {
        return "acknowledged " + acknowledged() + ", send errors " + sendErrors() + ", deliveries " + deliveries()
                + ", distinct " + distinct() + ", duplicates " + duplicates() + ", unstamped " + unstamped()
                + ", consumer failure " + consumerFailure();
    }

    /** Waits until {@code condition} holds; fails naming {@code what} and the summary after {@code timeout}. */
    void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "timed out after " + timeout.toSeconds() + " s waiting for " + what + ": " + summary());
            }
            Thread.sleep(20);
        }
    }
}
