package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pulsar.client.api.Consumer;

/**
 * One benchmark consumer: a Pulsar consumer on each partition of the topic (one for a non-partitioned
 * topic), all in the same subscription and sharing one {@link StampDeliveringListener}.
 *
 * <p>{@link #pause()} and {@link #resume()} use the client's own {@code Consumer.pause()/resume()}: the
 * client stops granting the broker new permits, so a backlog builds on the broker. Messages the broker
 * was already allowed to send (at most {@code receiverQueueSize} per partition) still arrive.
 */
public final class PulsarBenchmarkConsumer implements BenchmarkConsumer {

    private final List<Consumer<byte[]>> partitionConsumers;
    private final StampDeliveringListener listener;
    private boolean closed;

    PulsarBenchmarkConsumer(List<Consumer<byte[]>> partitionConsumers, StampDeliveringListener listener) {
        this.partitionConsumers = List.copyOf(partitionConsumers);
        this.listener = listener;
    }

    /** The Pulsar consumers, one per partition. */
    public List<Consumer<byte[]>> partitionConsumers() {
        return partitionConsumers;
    }

    @Override
    public void pause() {
        partitionConsumers.forEach(Consumer::pause);
    }

    @Override
    public void resume() {
        partitionConsumers.forEach(Consumer::resume);
    }

    /** Closes every partition consumer (in parallel, bounded); the subscription stays. Idempotent. */
    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        listener.closing();
        closeAll(partitionConsumers);
    }

    /** Closes consumers in parallel, waiting at most {@link PulsarDriverDefaults#CLOSE_TIMEOUT_MS} in all. */
    static void closeAll(List<Consumer<byte[]>> consumers) throws Exception {
        List<CompletableFuture<Void>> closes = new ArrayList<>();
        for (Consumer<byte[]> consumer : consumers) {
            closes.add(consumer.closeAsync());
        }
        try {
            CompletableFuture.allOf(closes.toArray(new CompletableFuture<?>[0]))
                    .get(PulsarDriverDefaults.CLOSE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "closing a consumer of " + consumers.get(0).getTopic() + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    consumers.size() + " consumer(s) of " + consumers.get(0).getTopic() + " did not close within "
                            + PulsarDriverDefaults.CLOSE_TIMEOUT_MS + " ms",
                    e);
        }
    }
}
