package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** The confirm window on its own, with a manual clock: slots, order, and the wait it adds up. */
class ConfirmWindowTest {

    private long nowNanos = 1_000;
    private final LongAdder waitedSends = new LongAdder();
    private final LongAdder waitNanos = new LongAdder();

    private ConfirmWindow<String> window(int capacity) {
        return new ConfirmWindow<>(capacity, () -> nowNanos, waitedSends, waitNanos);
    }

    @Test
    void sendsGoAtOnceUntilTheWindowIsFullThenWait() {
        ConfirmWindow<String> window = window(2);

        assertThat(window.admit("m0")).isTrue();
        assertThat(window.admit("m1")).isTrue();
        assertThat(window.admit("m2")).as("third send with 2 unconfirmed").isFalse();
        assertThat(window.admit("m3")).isFalse();

        assertThat(window.held()).isEqualTo(2);
        assertThat(window.waiting()).isEqualTo(2);
        assertThat(window.next()).as("no confirm yet").isNull();
    }

    @Test
    void confirmsLetTheWaitingSendsGoOldestFirstOnePerFreedSlot() {
        ConfirmWindow<String> window = window(2);
        for (String send : List.of("m0", "m1", "m2", "m3", "m4")) {
            window.admit(send);
        }

        assertThat(window.release(1)).as("a send waits for the freed slot").isTrue();
        assertThat(window.next()).isEqualTo("m2");
        assertThat(window.next()).as("one slot freed, one send let go").isNull();
        window.release(2); // a multiple ack
        assertThat(List.of(window.next(), window.next())).containsExactly("m3", "m4");
        assertThat(window.release(1)).as("nothing waits any more").isFalse();
        assertThat(window.held()).as("m4 unconfirmed").isEqualTo(1);
    }

    @Test
    void aNewSendDoesNotOvertakeWaitingOnesEvenWhenASlotIsFree() {
        ConfirmWindow<String> window = window(1);
        window.admit("m0");
        window.admit("m1");
        window.release(1);

        assertThat(window.admit("m2")).as("m1 waits, so m2 queues behind it").isFalse();
        assertThat(window.next()).isEqualTo("m1");
        window.release(1);
        assertThat(window.next()).isEqualTo("m2");
    }

    @Test
    void heldSlotsNeverExceedTheCapacity() {
        ConfirmWindow<String> window = window(10);
        List<String> published = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            String send = "m" + i;
            if (window.admit(send)) {
                published.add(send);
            }
            if (i % 3 == 0) {
                window.release(Math.min(2, window.held()));
            }
            String next;
            while ((next = window.next()) != null) {
                published.add(next);
            }
            assertThat(window.held()).isLessThanOrEqualTo(10);
        }
        window.release(window.held());
        String next;
        while ((next = window.next()) != null) {
            published.add(next);
            window.release(1);
        }

        assertThat(window.peakHeld()).isEqualTo(10);
        assertThat(published).hasSize(1_000);
        for (int i = 0; i < published.size(); i++) {
            assertThat(published.get(i)).as("published in the producer's order").isEqualTo("m" + i);
        }
    }

    @Test
    void theWaitOfEachSendThatWaitedIsAddedUp() {
        ConfirmWindow<String> window = window(1);
        window.admit("m0"); // no wait
        window.admit("m1"); // waits from t = 1,000 ns
        nowNanos = 1_500;
        window.admit("m2"); // waits from t = 1,500 ns
        nowNanos = 4_000;
        window.release(1);
        window.next(); // m1 waited 3,000 ns
        nowNanos = 9_000;
        window.release(1);
        window.next(); // m2 waited 7,500 ns

        assertThat(waitedSends.sum()).isEqualTo(2);
        assertThat(waitNanos.sum()).isEqualTo(10_500);
    }

    @Test
    void removingTheWaitingSendsReturnsThemInOrderAndFreesNoSlot() {
        ConfirmWindow<String> window = window(1);
        window.admit("m0");
        window.admit("m1");
        window.admit("m2");

        assertThat(window.removeWaiting()).containsExactly("m1", "m2");
        assertThat(window.waiting()).isZero();
        assertThat(window.held()).as("m0 is still unconfirmed").isEqualTo(1);
        assertThat(window.release(1)).isFalse();
        assertThat(waitedSends.sum()).as("failed, never published after a wait").isZero();
    }

    @Test
    void aWindowHoldsAtLeastOneSend() {
        assertThatThrownBy(() -> window(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
