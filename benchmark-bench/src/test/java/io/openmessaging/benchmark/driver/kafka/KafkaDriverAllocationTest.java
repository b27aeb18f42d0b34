package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * With the stamp in the value (the default), the Kafka driver allocates nothing of its own per message on
 * its send path (stamp, record, completion) or its receive path (stamp, offsets), measured as {@code
 * bin/bench-kafka-allocation} does: against kafka-clients' own test doubles, minus a bare client's loop.
 *
 * <p>Not a timing test: the assertion is on bytes, which do not depend on the machine's speed. A
 * completion object per message, as before, is 40 bytes; the bound of a tenth of a byte per message leaves
 * room for a rare one-time allocation. The header placement's figures, beyond the value placement's, show
 * that the measurement sees allocation when there is some (kafka-clients copies a record's header list on
 * send and decodes the header on receive); they are compared with each other, not with zero, because both
 * are differences from the bare loop, whose own allocations the compiler may or may not remove.
 *
 * <p>The figures are read once the JIT has settled: rounds are repeated until {@value #SETTLED_ROUNDS} in a
 * row give the same four figures (within {@value #SAME_BYTES_PER_MESSAGE} B per message), and the last of
 * them is asserted on. Before that, the difference between the driver's loop and the bare one reflects
 * which of the two the compiler has finished with (escape analysis removes some of the test double's own
 * allocations once a loop is compiled): the third round of a full build once read 46 B per message where
 * quiet runs read 0 from the second round on. An allocation of the driver's own shows in every round, so
 * settling cannot hide it; rounds that never settle fail the test with every round's figures.
 */
class KafkaDriverAllocationTest {

    private static final long MESSAGES_PER_ROUND = 200_000;
    private static final int SETTLED_ROUNDS = 3;
    private static final double SAME_BYTES_PER_MESSAGE = 0.5;
    private static final int MAX_ROUNDS = 40;

    @Test
    void withTheStampInTheValueNeitherPathAllocatesPerMessageOnceWarm() {
        KafkaDriverAllocationBench.Fixture fixture = new KafkaDriverAllocationBench.Fixture();
        byte[] payload = new byte[1024];
        List<KafkaDriverAllocationBench.Figures> rounds = new ArrayList<>();
        rounds.add(fixture.round(payload, MESSAGES_PER_ROUND)); // one-time allocations, first compilations
        while (!settled(rounds)) {
            assertThat(rounds.size())
                    .as("rounds before %d in a row agreed:%n%s", SETTLED_ROUNDS, describe(rounds))
                    .isLessThan(MAX_ROUNDS);
            rounds.add(fixture.round(payload, MESSAGES_PER_ROUND));
        }
        KafkaDriverAllocationBench.Figures figures = rounds.get(rounds.size() - 1);
        String history = describe(rounds);

        assertThat(figures.sendValueStamp())
                .as("send path, bytes per message beyond a bare send, by round:%n%s", history)
                .isLessThan(0.1);
        assertThat(figures.receiveValueStamp())
                .as("receive path, bytes per message beyond a bare loop, by round:%n%s", history)
                .isLessThan(0.1);
        // the controls compare the two placements, whose figures share the bare loop's: what the compiler
        // removes of that loop's own allocations moves both (a loaded build once read -48 and -24 B on send)
        assertThat(figures.sendHeaderStamp() - figures.sendValueStamp())
                .as(
                        "send path with a header stamp, beyond the value stamp: kafka-clients copies the header list,"
                                + " by round:%n%s",
                        history)
                .isGreaterThan(8);
        assertThat(figures.receiveHeaderStamp() - figures.receiveValueStamp())
                .as(
                        "receive path with a header stamp, beyond the value stamp: kafka-clients decodes the header,"
                                + " by round:%n%s",
                        history)
                .isGreaterThan(50);
    }

    /** The last {@link #SETTLED_ROUNDS} rounds after the first agree on every figure. */
    private static boolean settled(List<KafkaDriverAllocationBench.Figures> rounds) {
        if (rounds.size() < 1 + SETTLED_ROUNDS) {
            return false;
        }
        List<KafkaDriverAllocationBench.Figures> last = rounds.subList(rounds.size() - SETTLED_ROUNDS, rounds.size());
        KafkaDriverAllocationBench.Figures first = last.get(0);
        return last.stream()
                .allMatch(round -> same(round.sendValueStamp(), first.sendValueStamp())
                        && same(round.sendHeaderStamp(), first.sendHeaderStamp())
                        && same(round.receiveValueStamp(), first.receiveValueStamp())
                        && same(round.receiveHeaderStamp(), first.receiveHeaderStamp()));
    }

    private static boolean same(double a, double b) {
        return Math.abs(a - b) <= SAME_BYTES_PER_MESSAGE;
    }

    private static String describe(List<KafkaDriverAllocationBench.Figures> rounds) {
        StringBuilder table = new StringBuilder("round  send value  send header  receive value  receive header\n");
        for (int i = 0; i < rounds.size(); i++) {
            KafkaDriverAllocationBench.Figures round = rounds.get(i);
            table.append(String.format(
                    Locale.ROOT,
                    "%5d  %10.2f  %11.2f  %13.2f  %14.2f%n",
                    i,
                    round.sendValueStamp(),
                    round.sendHeaderStamp(),
                    round.receiveValueStamp(),
                    round.receiveHeaderStamp()));
        }
        return table.toString();
    }
}
