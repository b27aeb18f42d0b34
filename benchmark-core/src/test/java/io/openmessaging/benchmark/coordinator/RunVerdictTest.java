package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** When a run that ran to its end, or is running, has failed: send errors, messages never sent or acknowledged, stalls. */
class RunVerdictTest {

    private static final String BROKER = "the broker at 127.0.0.1:19092";
    private static final String FIRST_ERROR = "worker local: RecordTooLargeException: the message is 2097152 bytes";

    private static Workload workload(String extra) throws Exception {
        return WorkloadLoader.parse("""
                name: w
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                testDuration: 1m
                """ + extra, "w.yaml");
    }

    /** Counters after the books closed. */
    private static Counters closed(long acked, long errors, long notSent, long unacked) {
        long attempted = acked + errors + unacked;
        return new Counters(
                attempted,
                attempted * 1024,
                errors,
                acked,
                acked,
                acked * 1024,
                0,
                0,
                0,
                0,
                attempted + notSent,
                notSent,
                unacked,
                0);
    }

    @Test
    void aCleanRunPasses() throws Exception {
        assertThatCode(() -> RunVerdict.check(closed(60_000, 0, 0, 0), workload(""), null, BROKER))
                .doesNotThrowAnyException();
    }

    @Test
    void oneSendErrorFailsARunThatAllowsNoneAndTheReasonGivesTheCountsAndTheFirstError() throws Exception {
        assertThatThrownBy(() -> RunVerdict.check(closed(59_999, 1, 0, 0), workload(""), FIRST_ERROR, BROKER))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("1 of 60,000 send(s) to the broker at 127.0.0.1:19092 failed (< 0.01 %; the workload allows"
                        + " none: sendErrorAllowancePercent); first error: " + FIRST_ERROR);
        assertThatThrownBy(() -> RunVerdict.checkSendErrorsSoFar(closed(3, 1, 0, 0), workload(""), FIRST_ERROR, BROKER))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("1 of 4 send(s)");
    }

    @Test
    void anAllowanceToleratesErrorsUpToItsShareAndNotBeyond() throws Exception {
        Workload allowsTwoPercent = workload("sendErrorAllowancePercent: 2\n");
        assertThatCode(() -> RunVerdict.check(closed(98_000, 2_000, 0, 0), allowsTwoPercent, FIRST_ERROR, BROKER))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> RunVerdict.check(closed(97_900, 2_100, 0, 0), allowsTwoPercent, FIRST_ERROR, BROKER))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("2,100 of 100,000 send(s)")
                .hasMessageContaining("(2.1 %;")
                .hasMessageContaining("above the workload's sendErrorAllowancePercent: 2");
        // during the run a ratio is judged only once 100 sends completed: 1 of 10 is not yet a verdict
        assertThatCode(() -> RunVerdict.checkSendErrorsSoFar(closed(9, 1, 0, 0), allowsTwoPercent, FIRST_ERROR, BROKER))
                .doesNotThrowAnyException();
        assertThatThrownBy(() ->
                        RunVerdict.checkSendErrorsSoFar(closed(90, 10, 0, 0), allowsTwoPercent, FIRST_ERROR, BROKER))
                .isInstanceOf(RunFailedException.class);
    }

    @Test
    void messagesNeverSentOrNeverAcknowledgedFailTheRun() throws Exception {
        assertThatThrownBy(() -> RunVerdict.check(closed(50_000, 0, 4_000, 0), workload(""), null, BROKER))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("4,000 of 54,000 message(s) that came due were never handed to the client: the producer"
                        + " was still blocked in its send when the load stopped (is the broker at 127.0.0.1:19092"
                        + " overloaded or down?)");
        assertThatThrownBy(() -> RunVerdict.check(closed(50_000, 0, 0, 59), workload(""), null, BROKER))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("59 message(s) were neither acknowledged nor failed by the broker at 127.0.0.1:19092 when"
                        + " the run ended");
    }

    @Test
    void messagesLeftUnsentWhileTheClientAnsweredAtOnceBlameTheSendLoopNotTheBroker() throws Exception {
        Workload unreachableRate = WorkloadLoader.parse("""
                name: w
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1e9
                testDuration: 1m
                """, "w.yaml");
        // sends answered within 0.2 ms at p99, the typical message sent 16 s late: the generator was the limit
        RunVerdict.SendFigures sendLoopLimited = new RunVerdict.SendFigures(200_000, 16_000_000_000L);
        assertThatThrownBy(() ->
                        RunVerdict.check(closed(50_000, 0, 4_000, 0), unreachableRate, null, BROKER, sendLoopLimited))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("4,000 of 54,000 message(s)")
                .hasMessageContaining("this tool's send loop fell behind its schedule")
                .hasMessageContaining("publish delay p50 16,000.000 ms")
                .hasMessageContaining("within 0.200 ms at p99")
                .hasMessageContaining("1,000,000,000 msg/s")
                .hasMessageNotContaining("overloaded or down");
        // the same unsent messages with a slow client (service time p99 of 5 s): the broker is asked about
        RunVerdict.SendFigures brokerLimited = new RunVerdict.SendFigures(5_000_000_000L, 16_000_000_000L);
        assertThatThrownBy(() ->
                        RunVerdict.check(closed(50_000, 0, 4_000, 0), unreachableRate, null, BROKER, brokerLimited))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("overloaded or down")
                .hasMessageNotContaining("send loop");
    }

    @Test
    void theStallWatchFiresWhenNothingCompletesWhileMessagesAreDueEvenWithNothingInFlight() throws Exception {
        long second = TimeUnit.SECONDS.toNanos(1);
        BenchmarkRun.StallWatch watch = new BenchmarkRun.StallWatch(3 * second, 0, BROKER);
        // 1,000 acknowledged, then the producer blocks in send(): nothing in flight, 2,000 due and not sent
        Counters blocked = new Counters(1_000, 0, 0, 1_000, 1_000, 0, 0, 0, 0, 0, 3_000, 0, 0, 0);
        watch.check(blocked, 0);
        watch.check(blocked, 2 * second);
        assertThatThrownBy(() -> watch.check(blocked, 3 * second))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("no send completed or failed for 3 s while 0 were in flight and 2000 were due but not"
                        + " sent: the broker at 127.0.0.1:19092 is unreachable or stalled");
    }

    @Test
    void theStallWatchStaysQuietWhileSendsComplete() throws Exception {
        long second = TimeUnit.SECONDS.toNanos(1);
        BenchmarkRun.StallWatch watch = new BenchmarkRun.StallWatch(3 * second, 0, BROKER);
        assertThatCode(() -> {
                    for (int i = 1; i <= 10; i++) {
                        Counters progressing = new Counters(
                                1_000L * i + 5, 0, 0, 1_000L * i, 0, 0, 0, 0, 0, 0, 1_000L * i + 5, 0, 0, 0);
                        watch.check(progressing, i * second);
                    }
                })
                .doesNotThrowAnyException();
    }
}
