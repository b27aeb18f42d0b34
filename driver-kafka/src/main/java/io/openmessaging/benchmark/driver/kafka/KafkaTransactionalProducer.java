package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.MessageStampCodec;
import io.openmessaging.benchmark.driver.SendCallback;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * One Kafka producer writing to one topic in transactions of {@code requestsPerTransaction} messages (the
 * Redpanda fork's transactional driver). A message counts as acknowledged when its transaction commits,
 * so its publish response time ends at the commit; when the transaction aborts or fails, every message in
 * it is a send error. A transaction that has been open {@code transactionMaxOpenMs} is committed with fewer
 * messages by the driver's timer ({@link #commitIfOpenTooLong}), so that the last one of a run commits.
 *
 * <p>Commits block ({@code commitTransaction()} flushes and waits for the coordinator) in whichever thread
 * ends the transaction: the producer's own thread after its N-th message, whose later sends are then late
 * (the schedule records that as send delay), or the timer. Commit latency and the counts of committed and
 * aborted transactions go to {@link KafkaDriverStats}. Thread-safe: the producer thread and the timer
 * take this object's lock.
 */
final class KafkaTransactionalProducer implements BenchmarkProducer {

    /** Retries of a commit that timed out (Kafka lets a timed-out commit be retried) before giving up. */
    private static final int COMMIT_TIMEOUT_RETRIES = 2;

    private final Producer<String, byte[]> producer;
    private final String topic;
    private final int messagesPerTransaction;
    private final long maxOpenNanos;
    private final KafkaDriverStats stats;
    /** Messages of the open transaction, completed at its commit or abort. */
    private final List<Pending> open = new ArrayList<>();

    private long openedAtNanos;
    /** Set when the producer can no longer run transactions (fenced, or an abort failed): every send fails. */
    private KafkaException broken;

    private boolean closed;

    /**
     * Calls {@code initTransactions()} (blocking until the transaction coordinator answers, at most the
     * producer's {@code max.block.ms}).
     */
    KafkaTransactionalProducer(
            Producer<String, byte[]> producer,
            String topic,
            int messagesPerTransaction,
            long maxOpenMs,
            KafkaDriverStats stats) {
        this.producer = producer;
        this.topic = topic;
        this.messagesPerTransaction = messagesPerTransaction;
        this.maxOpenNanos = Duration.ofMillis(maxOpenMs).toNanos();
        this.stats = stats;
        try {
            producer.initTransactions();
        } catch (KafkaException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
    }

    @Override
    public synchronized void sendAsync(
            String key,
            byte[] payload,
            long intendedSendEpochNanos,
            long sentEpochNanos,
            int producerId,
            long sequence,
            SendCallback callback) {
        Pending pending = new Pending(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, callback);
        if (closed || broken != null) {
            pending.complete(broken != null ? broken : new IllegalStateException("producer closed"));
            return;
        }
        try {
            if (open.isEmpty()) {
                producer.beginTransaction();
                openedAtNanos = System.nanoTime();
            }
            List<Header> headers = List.of(new RecordHeader(
                    MessageStampCodec.HEADER_NAME,
                    MessageStampCodec.encode(intendedSendEpochNanos, sentEpochNanos, producerId, sequence)));
            // a record that fails makes commitTransaction() fail, which aborts and fails the whole transaction
            producer.send(new ProducerRecord<>(topic, null, null, key, payload, headers));
            open.add(pending);
        } catch (KafkaException e) {
            pending.complete(e);
            abort(e);
            return;
        }
        if (open.size() >= messagesPerTransaction) {
            commit();
        }
    }

    /** Commits the open transaction if it has been open for {@code transactionMaxOpenMs}; the timer calls it. */
    synchronized void commitIfOpenTooLong() {
        if (!closed && broken == null && !open.isEmpty() && System.nanoTime() - openedAtNanos >= maxOpenNanos) {
            commit();
        }
    }

    private void commit() {
        for (int attempt = 0; ; attempt++) {
            long startNanos = System.nanoTime();
            try {
                producer.commitTransaction();
                stats.transactionCommitted(System.nanoTime() - startNanos);
                completeOpen(null);
                return;
            } catch (TimeoutException e) {
                if (attempt >= COMMIT_TIMEOUT_RETRIES) {
                    fail(e);
                    return;
                }
            } catch (ProducerFencedException
                    | OutOfOrderSequenceException
                    | AuthorizationException
                    | UnsupportedVersionException e) {
                fail(e); // fatal for this producer: it cannot abort either
                return;
            } catch (KafkaException e) {
                abort(e);
                return;
            }
        }
    }

    /** Aborts the open transaction; its messages fail with {@code cause}. */
    private void abort(KafkaException cause) {
        try {
            producer.abortTransaction();
            stats.transactionsAborted.increment();
            completeOpen(cause);
        } catch (KafkaException e) {
            cause.addSuppressed(e);
            fail(cause);
        }
    }

    /** The producer cannot continue: the open transaction's messages and every later one fail. */
    private void fail(KafkaException cause) {
        broken = cause;
        if (!open.isEmpty()) {
            stats.transactionsAborted.increment();
        }
        completeOpen(cause);
    }

    private void completeOpen(Exception error) {
        for (Pending pending : open) {
            pending.complete(error);
        }
        open.clear();
    }

    /** Closes without committing: the messages of an open transaction fail. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            completeOpen(new IllegalStateException("producer closed with its transaction open"));
        }
        producer.close(Duration.ZERO);
    }

    private record Pending(
            long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, SendCallback callback) {
        void complete(Exception error) {
            callback.sendCompleted(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, error);
        }
    }
}
