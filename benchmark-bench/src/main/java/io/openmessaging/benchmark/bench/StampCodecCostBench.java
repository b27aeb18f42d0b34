package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import java.util.Locale;

/**
 * What writing and reading a message stamp costs, single-threaded, on a warm and on a cold cache: {@code
 * MessageStampCodec.encodeIntoValue} over the first bytes of a 1 KiB value (what the Kafka producer does
 * per message) and {@code deliverFromValue} handing the fields to a consumer callback (what the Kafka
 * consumer does). The cold figures read and write {@value CacheEviction#BYTES} bytes before each call, as the
 * broker and the other threads do between two messages of one thread at 10,000 msg/s. Every stamp read is
 * checked against the one written, so the calls cannot be optimised away.
 */
final class StampCodecCostBench {

    private static final long CALLS_PER_ROUND = 50_000_000;
    private static final int COLD_CALLS = 3_000;
    private static final long BASE_EPOCH_NANOS = 1_700_000_000_000_000_000L;

    private final CacheEviction eviction;
    private final byte[] value = new byte[1024];
    private final CheckingCallback callback = new CheckingCallback();

    StampCodecCostBench(CacheEviction eviction) {
        this.eviction = eviction;
    }

    /** Measures and prints every figure, after a discarded warm-up pass. */
    void run() {
        measure(false);
        measure(true);
    }

    private void measure(boolean print) {
        long start = System.nanoTime();
        for (long i = 0; i < CALLS_PER_ROUND; i++) {
            long intended = BASE_EPOCH_NANOS + i;
            MessageStampCodec.encodeIntoValue(value, intended, intended + 7, (int) i, i);
            callback.expect(intended, (int) i);
            MessageStampCodec.deliverFromValue(value, 0, callback);
        }
        double warmNanos = (System.nanoTime() - start) / (double) CALLS_PER_ROUND;

        long encodeNanos = 0;
        long decodeNanos = 0;
        for (int i = 0; i < COLD_CALLS; i++) {
            long intended = BASE_EPOCH_NANOS + i * 100_000L;
            eviction.touchAll(i);
            long encodeStart = System.nanoTime();
            MessageStampCodec.encodeIntoValue(value, intended, intended + 7, i, i);
            encodeNanos += System.nanoTime() - encodeStart;
            eviction.touchAll(i + 1);
            callback.expect(intended, i);
            long decodeStart = System.nanoTime();
            MessageStampCodec.deliverFromValue(value, 0, callback);
            decodeNanos += System.nanoTime() - decodeStart;
        }
        long expected = CALLS_PER_ROUND + COLD_CALLS;
        if (callback.checked != expected) {
            throw new IllegalStateException("read " + callback.checked + " stamps back, not " + expected);
        }
        callback.checked = 0;
        if (print) {
            System.out.printf(
                    Locale.ROOT,
                    "message stamp at the start of a 1 KiB value (MessageStampCodec, one thread):%n"
                            + "  encodeIntoValue + deliverFromValue  %6.1f ns per message, warm cache%n"
                            + "  cold cache (%d MiB touched before each call): encodeIntoValue %4.0f ns,"
                            + " deliverFromValue %4.0f ns%n",
                    warmNanos,
                    CacheEviction.BYTES >> 20,
                    encodeNanos / (double) COLD_CALLS,
                    decodeNanos / (double) COLD_CALLS);
        }
    }

    /** Checks each stamp read against the one written last. */
    private static final class CheckingCallback implements ConsumerCallback {
        private long expectedIntended;
        private int expectedProducer;
        long checked;

        void expect(long intended, int producerId) {
            expectedIntended = intended;
            expectedProducer = producerId;
        }

        @Override
        public void messageReceived(
                long intendedSendEpochNanos,
                long sentEpochNanos,
                int producerId,
                long sequence,
                int partition,
                int payloadSizeBytes) {
            if (intendedSendEpochNanos != expectedIntended
                    || sentEpochNanos != expectedIntended + 7
                    || producerId != expectedProducer
                    || payloadSizeBytes != 1024) {
                throw new IllegalStateException("stamp read back wrong: " + intendedSendEpochNanos + " "
                        + sentEpochNanos + " " + producerId + " " + payloadSizeBytes);
            }
            checked++;
        }

        @Override
        public void unstampedMessageReceived(int payloadSizeBytes) {
            throw new IllegalStateException("a stamped value read as unstamped");
        }
    }
}
