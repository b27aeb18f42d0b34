package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * With the stamp in the value (the default), the Kafka driver allocates nothing of its own per message on
 * its send path (stamp, record, completion) or its receive path (stamp, offsets), measured as {@code
 * bin/bench-kafka-allocation} does: against kafka-clients' own test doubles, minus a bare client's loop.
 *
 * <p>Not a timing test: the assertion is on bytes, which do not depend on the machine's speed. A
 * completion object per message, as before, is 40 bytes; the bound of a tenth of a byte per message leaves
 * room for a rare one-time allocation. The header placement's figures show that the measurement sees
 * allocation when there is some (kafka-clients copies a record's header list on send and decodes the
 * header on receive).
 */
class KafkaDriverAllocationTest {

    private static final long MESSAGES_PER_ROUND = 200_000;

    @Test
    void withTheStampInTheValueNeitherPathAllocatesPerMessageOnceWarm() {
        KafkaDriverAllocationBench.Fixture fixture = new KafkaDriverAllocationBench.Fixture();
        byte[] payload = new byte[1024];
        fixture.round(payload, MESSAGES_PER_ROUND); // warm-up: one-time allocations, compilation
        fixture.round(payload, MESSAGES_PER_ROUND);
        KafkaDriverAllocationBench.Figures figures = fixture.round(payload, MESSAGES_PER_ROUND);

        assertThat(figures.sendValueStamp())
                .as("send path, bytes per message beyond a bare send")
                .isLessThan(0.1);
        assertThat(figures.receiveValueStamp())
                .as("receive path, bytes per message beyond a bare loop")
                .isLessThan(0.1);
        assertThat(figures.sendHeaderStamp())
                .as("send path with a header stamp: kafka-clients copies the header list")
                .isGreaterThan(8);
        assertThat(figures.receiveHeaderStamp())
                .as("receive path with a header stamp: kafka-clients decodes the header")
                .isGreaterThan(50);
    }
}
