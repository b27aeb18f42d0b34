package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The transaction state machine of {@link KafkaTransactionalProducer} against Kafka's own {@code
 * MockProducer} (the commit path against a real broker is {@code KafkaTransactionsIT}): messages are
 * acknowledged when their transaction commits, fail together when it aborts, and every message fails once
 * the producer is fenced.
 */
class KafkaTransactionalProducerTest {

    private final MockProducer<String, byte[]> client =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final KafkaDriverStats stats = new KafkaDriverStats();
    private final List<String> completions = Collections.synchronizedList(new ArrayList<>());

    private KafkaTransactionalProducer producer(int perTransaction, long maxOpenMs) {
        return new KafkaTransactionalProducer(client, "topic-1", perTransaction, maxOpenMs, stats);
    }

    private void send(KafkaTransactionalProducer producer, int id) {
        producer.sendAsync(
                null,
                new byte[16],
                id,
                id,
                0,
                0,
                (intended, sent, producerId, sequenceNumber, error) ->
                        completions.add(intended + (error == null ? " ok" : " failed")));
    }

    @Test
    void messagesAreAcknowledgedWhenTheirTransactionCommits() {
        KafkaTransactionalProducer producer = producer(3, 60_000);
        assertThat(client.transactionInitialized()).isTrue();

        send(producer, 1);
        send(producer, 2);
        assertThat(completions).isEmpty();
        assertThat(client.transactionInFlight()).isTrue();

        send(producer, 3);
        assertThat(completions).containsExactly("1 ok", "2 ok", "3 ok");
        assertThat(client.transactionCommitted()).isTrue();
        assertThat(client.history()).hasSize(3);
        assertThat(stats.transactionsCommitted.sum()).isEqualTo(1);
        assertThat(stats.commitLatencyCounters("kafka.")).containsEntry("kafka.transactionCommitMs.le.1", 1L);
        assertThat(stats.transactionsAborted.sum()).isZero();
    }

    @Test
    void aFailedCommitAbortsAndFailsEveryMessageOfTheTransactionAndTheNextOneStartsAfresh() {
        KafkaTransactionalProducer producer = producer(2, 60_000);
        client.commitTransactionException = new KafkaException("commit refused");

        send(producer, 1);
        send(producer, 2);
        assertThat(completions).containsExactly("1 failed", "2 failed");
        assertThat(client.transactionAborted()).isTrue();
        assertThat(stats.transactionsAborted.sum()).isEqualTo(1);

        client.commitTransactionException = null;
        send(producer, 3);
        send(producer, 4);
        assertThat(completions).containsExactly("1 failed", "2 failed", "3 ok", "4 ok");
        assertThat(stats.transactionsCommitted.sum()).isEqualTo(1);
    }

    @Test
    void aFencedProducerFailsItsTransactionAndEveryLaterMessage() {
        KafkaTransactionalProducer producer = producer(2, 60_000);
        client.commitTransactionException = new ProducerFencedException("another producer took the id");

        send(producer, 1);
        send(producer, 2);
        send(producer, 3);

        assertThat(completions).containsExactly("1 failed", "2 failed", "3 failed");
        assertThat(stats.transactionsAborted.sum()).isEqualTo(1);
    }

    @Test
    void theTimerCommitsATransactionOpenLongerThanItsLimitAndNothingWhileItIsYoung() throws Exception {
        KafkaTransactionalProducer young = producer(100, 60_000);
        send(young, 1);
        young.commitIfOpenTooLong();
        assertThat(completions).isEmpty();

        MockProducer<String, byte[]> otherClient =
                new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
        KafkaTransactionalProducer old = new KafkaTransactionalProducer(otherClient, "topic-1", 100, 1, stats);
        send(old, 2);
        Thread.sleep(5); // older than its 1 ms limit
        old.commitIfOpenTooLong();
        assertThat(completions).containsExactly("2 ok");
        assertThat(otherClient.transactionCommitted()).isTrue();
        assertThat(client.transactionInFlight()).isTrue();
    }

    @Test
    void closingFailsTheOpenTransactionsMessages() {
        KafkaTransactionalProducer producer = producer(10, 60_000);
        send(producer, 1);

        producer.close();
        send(producer, 2);

        assertThat(completions).containsExactly("1 failed", "2 failed");
        assertThat(client.closed()).isTrue();
    }
}
