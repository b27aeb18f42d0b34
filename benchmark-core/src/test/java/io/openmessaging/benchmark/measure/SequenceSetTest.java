package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class SequenceSetTest {

    @Test
    void aNumberIsAddedOnceAndASecondAddIsADuplicate() {
        SequenceSet set = new SequenceSet();
        assertThat(set.add(5)).isTrue();
        assertThat(set.add(5)).isFalse();
        assertThat(set.contains(5)).isTrue();
        assertThat(set.contains(4)).isFalse();
        assertThat(set.cardinality()).isEqualTo(1);
    }

    @Test
    void aPageReceivedWholeCollapsesAndStillAnswersForEveryNumber() {
        SequenceSet set = new SequenceSet();
        for (long n = 0; n < 3L * SequenceSet.PAGE_BITS + 10; n++) {
            assertThat(set.add(n)).isTrue();
        }
        assertThat(set.cardinality()).isEqualTo(3L * SequenceSet.PAGE_BITS + 10);
        assertThat(set.add(SequenceSet.PAGE_BITS + 17))
                .as("in a collapsed page")
                .isFalse();
        assertThat(set.contains(2L * SequenceSet.PAGE_BITS)).isTrue();
        assertThat(set.toBytes())
                .as("three full pages (5 bytes each) and one page of bits")
                .hasSize(4 + 3 * 5 + 5 + SequenceSet.PAGE_BITS / 8);
    }

    @Test
    void numbersFarApartCostAPageEachAndNothingBetween() {
        SequenceSet set = new SequenceSet();
        set.add(0);
        set.add(1_000L * SequenceSet.PAGE_BITS);
        assertThat(set.cardinality()).isEqualTo(2);
        assertThat(set.toBytes()).hasSize(4 + 2 * (5 + SequenceSet.PAGE_BITS / 8));
    }

    @Test
    void countNotInIsTheSizeOfTheDifference() {
        SequenceSet acknowledged = new SequenceSet();
        SequenceSet received = new SequenceSet();
        for (long n = 0; n < 200_000; n++) {
            acknowledged.add(n);
            if (n % 1000 != 7) {
                received.add(n);
            }
        }
        received.add(300_000);
        assertThat(acknowledged.countNotIn(received)).isEqualTo(200);
        assertThat(received.countNotIn(acknowledged)).isEqualTo(1);
        assertThat(received.countNotIn(new SequenceSet())).isEqualTo(received.cardinality());
    }

    @Test
    void orIsTheUnionAndCompletesPagesTheTwoHalvesFill() {
        SequenceSet even = new SequenceSet();
        SequenceSet odd = new SequenceSet();
        for (long n = 0; n < 2L * SequenceSet.PAGE_BITS; n++) {
            (n % 2 == 0 ? even : odd).add(n);
        }
        SequenceSet union = new SequenceSet();
        union.or(even);
        union.or(odd);
        assertThat(union.cardinality()).isEqualTo(2L * SequenceSet.PAGE_BITS);
        assertThat(union.toBytes()).as("both pages full").hasSize(4 + 2 * 5);
    }

    @Test
    void bytesReadBackAsTheSameSet() {
        SequenceSet set = new SequenceSet();
        for (long n = 0; n < SequenceSet.PAGE_BITS; n++) {
            set.add(n);
        }
        set.add(SequenceSet.PAGE_BITS + 3);
        set.add(9L * SequenceSet.PAGE_BITS + 1);
        SequenceSet copy = SequenceSet.fromBytes(set.toBytes());
        assertThat(copy.cardinality()).isEqualTo(set.cardinality());
        assertThat(copy.countNotIn(set)).isZero();
        assertThat(set.countNotIn(copy)).isZero();
        assertThatThrownBy(() -> SequenceSet.fromBytes(new byte[] {0, 0, 0, 1, 0, 0, 0, 0, 1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ends inside a page");
    }

    @Test
    void aNegativeNumberIsRefused() {
        assertThatThrownBy(() -> new SequenceSet().add(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got -1");
    }

    @Test
    void threadsAddingTheSameNumbersAtOnceFindEachExactlyOnceNew() throws Exception {
        SequenceSet set = new SequenceSet();
        int threads = 4;
        long numbers = 5L * SequenceSet.PAGE_BITS;
        long[] firsts = new long[threads];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (long n = 0; n < numbers; n++) {
                    if (set.add(n)) {
                        firsts[index]++;
                    }
                }
            });
            thread.start();
            running.add(thread);
        }
        start.countDown();
        for (Thread thread : running) {
            thread.join();
        }
        long firstTimes = 0;
        for (long count : firsts) {
            firstTimes += count;
        }
        assertThat(firstTimes).isEqualTo(numbers);
        assertThat(set.cardinality()).isEqualTo(numbers);
    }
}
