package io.openmessaging.benchmark.testing;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.MessageStamp;
import java.util.function.BiConsumer;

/** Consumer callbacks for tests, which would rather hold a {@link MessageStamp} than its fields. */
public final class ConsumerCallbacks {

    private ConsumerCallbacks() {}

    /** Hands every delivery to {@code each}: its stamp ({@code null} when it has none) and its size in bytes. */
    public static ConsumerCallback receiving(BiConsumer<MessageStamp, Integer> each) {
        return new ConsumerCallback() {
            @Override
            public void messageReceived(
                    long intendedSendEpochNanos,
                    long sentEpochNanos,
                    int producerId,
                    long sequence,
                    int partition,
                    int payloadSizeBytes) {
                each.accept(
                        new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence),
                        payloadSizeBytes);
            }

            @Override
            public void unstampedMessageReceived(int payloadSizeBytes) {
                each.accept(null, payloadSizeBytes);
            }
        };
    }

    /**
     * A callback that is also a {@link BiConsumer} of stamp and size: a test's ledger implements {@link
     * #received} and is handed to the driver as it is.
     */
    public interface Receiver extends ConsumerCallback {

        /** One delivery: its stamp ({@code null} when it has none) and its size in bytes. */
        void received(MessageStamp stamp, int payloadSizeBytes);

        @Override
        default void messageReceived(
                long intendedSendEpochNanos,
                long sentEpochNanos,
                int producerId,
                long sequence,
                int partition,
                int payloadSizeBytes) {
            received(new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence), payloadSizeBytes);
        }

        @Override
        default void unstampedMessageReceived(int payloadSizeBytes) {
            received(null, payloadSizeBytes);
        }
    }
}
