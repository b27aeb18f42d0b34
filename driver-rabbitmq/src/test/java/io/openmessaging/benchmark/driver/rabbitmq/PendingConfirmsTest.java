package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class PendingConfirmsTest {

    private final List<String> completions = new ArrayList<>();
    private final LongAdder nacks = new LongAdder();
    private final PendingConfirms pending = new PendingConfirms(nacks);

    private void add(long... sequenceNumbers) {
        for (long n : sequenceNumbers) {
            pending.add(
                    n,
                    n,
                    n,
                    0,
                    n,
                    (intended, sent, id, sequence, error) ->
                            completions.add(intended + (error == null ? " ok" : " error")));
        }
    }

    @Test
    void singleAckCompletesOnlyThatSend() {
        add(1, 2, 3);
        pending.handleAck(2, false);
        assertThat(completions).containsExactly("2 ok");
        assertThat(pending.size()).isEqualTo(2);
    }

    @Test
    void multipleAckCompletesEverySendUpToAndIncludingTheTag() {
        add(1, 2, 3, 4);
        pending.handleAck(3, true);
        assertThat(completions).containsExactly("1 ok", "2 ok", "3 ok");
        pending.handleAck(4, true);
        assertThat(completions).containsExactly("1 ok", "2 ok", "3 ok", "4 ok");
    }

    @Test
    void nacksFailSendsAndAreCounted() {
        add(1, 2, 3, 4);
        pending.handleNack(1, false);
        pending.handleNack(3, true);
        assertThat(completions).containsExactly("1 error", "2 error", "3 error");
        assertThat(nacks.sum()).isEqualTo(3);
    }

    @Test
    void everySendCompletesExactlyOnceWhateverComesFirst() {
        add(1, 2, 3);
        pending.fail(2, new IllegalStateException("publish failed"));
        pending.handleAck(2, false);
        pending.handleAck(3, true);
        pending.failAll(new IllegalStateException("channel closed"));
        pending.handleAck(3, true);
        assertThat(completions).containsExactly("2 error", "1 ok", "3 ok");
    }

    @Test
    void failAllCompletesWhatIsLeft() {
        add(5, 6);
        pending.failAll(new IllegalStateException("channel closed"));
        assertThat(completions).containsExactly("5 error", "6 error");
        assertThat(pending.size()).isZero();
        assertThat(nacks.sum()).isZero();
    }
}
