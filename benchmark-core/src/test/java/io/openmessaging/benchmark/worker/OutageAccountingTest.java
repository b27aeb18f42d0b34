package io.openmessaging.benchmark.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.measure.SequenceSet;
import io.openmessaging.benchmark.measure.WorkerStats;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * What happens to each message during an outage, in simulated time (one producer at 1,000 msg/s on a
 * manual clock): every message that came due is acknowledged, failed, never sent or unacknowledged at
 * the end, and is in the publish and end-to-end response times with its age either way.
 */
class OutageAccountingTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final ManualClock clock = new ManualClock();
    private final WorkerStats stats = new WorkerStats(HistogramSpec.DEFAULT);
    private final long start = clock.monotonicNanos();

    /** A producer whose behaviour per send is scripted by the test; acknowledges after 1 ms by default. */
    private final class ScriptedProducer implements BenchmarkProducer {
        Consumer<SendCallbackCall> onSend = call -> {
            clock.advanceNanos(MILLI);
            call.complete(null);
        };

        @Override
        public void sendAsync(
                String key,
                byte[] payload,
                long intended,
                long sent,
                int producerId,
                long sequence,
                SendCallback callback) {
            onSend.accept(new SendCallbackCall(intended, sent, producerId, sequence, callback));
        }

        @Override
        public void close() {}
    }

    private record SendCallbackCall(long intended, long sent, int producerId, long sequence, SendCallback callback) {
        void complete(Throwable error) {
            callback.sendCompleted(intended, sent, producerId, sequence, error);
        }
    }

    private final ScriptedProducer producer = new ScriptedProducer();
    private ProducerThread thread;

    private ProducerThread newThread(int endToEndCopies) {
        return newThread(endToEndCopies, 1000);
    }

    private ProducerThread newThread(int endToEndCopies, double rateMsgPerSec) {
        stats.endToEndCopies(endToEndCopies);
        ProducerThread.Slot slot = new ProducerThread.Slot(
                1,
                producer,
                KeyDistributor.of(KeyDistributorType.NO_KEY, 1),
                new IntendedSendSchedule(start, rateMsgPerSec),
                ProducerThread.ackRecorder(clock, stats, new SequenceSet(), e -> {}));
        thread = new ProducerThread(clock, stats, List.of(slot), List.of(new byte[100]), 1, 0, e -> {});
        stats.messagesDue(thread::messagesDue);
        return thread;
    }

    private long closeBooks() {
        return stats.closeBooks(clock.epochNanos(), thread::forEachUnsent);
    }

    private static void assertEveryDueMessageAccountedFor(Counters totals, Histogram publishResponse) {
        assertThat(totals.messagesAcked()
                        + totals.sendErrors()
                        + totals.messagesNotSent()
                        + totals.messagesUnackedAtEnd())
                .isEqualTo(totals.messagesDue());
        assertThat(publishResponse.getTotalCount()).isEqualTo(totals.messagesDue());
    }

    @Test
    void aSendThatRacesTheStopIsDueAndEveryMessageIsAccountedFor() throws Exception {
        // the stop reads the clock at 2.9995 s; before it publishes that, this thread reads 3 s and hands over
        // the message intended at 3 s; then it sees the stop
        long[] staleRead = {-1};
        Clock racing = new Clock() {
            @Override
            public long monotonicNanos() {
                long stale = staleRead[0];
                staleRead[0] = -1;
                return stale >= 0 ? stale : clock.monotonicNanos();
            }

            @Override
            public long epochNanos() {
                return clock.epochNanos();
            }

            @Override
            public long sleepUntil(long deadlineMonotonicNanos) {
                return clock.sleepUntil(deadlineMonotonicNanos);
            }
        };
        stats.endToEndCopies(1);
        ProducerThread.Slot slot = new ProducerThread.Slot(
                1,
                producer,
                KeyDistributor.of(KeyDistributorType.NO_KEY, 1),
                new IntendedSendSchedule(start, 1000),
                ProducerThread.ackRecorder(clock, stats, new SequenceSet(), e -> {}));
        thread = new ProducerThread(racing, stats, List.of(slot), List.of(new byte[100]), 1, 0, e -> {});
        stats.messagesDue(thread::messagesDue);
        producer.onSend = call -> {
            if (clock.monotonicNanos() == start + 3 * SECOND) {
                staleRead[0] = start + 3 * SECOND - 500_000; // what the stop read, half a message earlier
                thread.requestStop();
            }
            clock.advanceNanos(MILLI / 10);
            call.complete(null);
        };

        thread.runUntil(start + 10 * SECOND);
        closeBooks();

        Counters totals = stats.cutPeriod(0, 1).totals();
        assertThat(totals.messagesAcked()).isEqualTo(3_001); // intended 0 … 3.000 s, the last one racing the stop
        assertThat(totals.messagesDue()).as("the racing send was due").isEqualTo(3_001);
        assertThat(totals.messagesNotSent() + totals.messagesUnackedAtEnd() + totals.sendErrors())
                .isZero();
    }

    @Test
    void aProducerBlockedInSendUntilItIsAbandonedWritesOffEveryDueMessageWithItsAge() throws Exception {
        newThread(1);
        producer.onSend = call -> {
            if (clock.monotonicNanos() >= start + 5 * SECOND && clock.monotonicNanos() < start + 9 * SECOND) {
                clock.sleepUntil(start + 9 * SECOND); // the client's buffer is full: send() blocks
                thread.requestAbandon(); // the worker gives up on it at t = 9 s
            }
            clock.advanceNanos(MILLI);
            call.complete(null);
        };

        thread.runUntil(start + 20 * SECOND);
        assertThat(closeBooks()).isEqualTo(4_000);

        PeriodStats period = stats.cutPeriod(0, 1);
        Counters totals = period.totals();
        assertThat(totals.messagesDue()).isEqualTo(9_001); // intended 0 … 9.000 s: up to the stop at 9 s
        assertThat(totals.messagesAcked()).isEqualTo(5_001); // up to and including the blocked one at 5.000 s
        assertThat(totals.messagesNotSent()).isEqualTo(4_000);
        assertThat(totals.messagesUnackedAtEnd()).isZero();
        Histogram response = period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME);
        assertEveryDueMessageAccountedFor(totals, response);
        // the oldest message never sent was intended at 5.001 s and written off at 9.001 s
        assertThat(response.getMaxValue()).isBetween(3_990 * MILLI, 4_010 * MILLI);
        assertThat(response.getValueAtPercentile(99.9)).isGreaterThan(3 * SECOND);
        // the blocked message's own service time is 1 ms; the never-sent ones have none
        assertThat(period.histogram(LatencyMetric.PUBLISH_LATENCY).getTotalCount())
                .isEqualTo(5_001);
        assertThat(period.histogram(LatencyMetric.END_TO_END_RESPONSE_TIME).getTotalCount())
                .isEqualTo(4_000);
    }

    @Test
    void aSendTheWorkerInterruptsWhenItAbandonsTheProducerIsNeverSentNotASendErrorOrACompletion() throws Exception {
        newThread(1);
        producer.onSend = call -> {
            if (clock.monotonicNanos() >= start + 5 * SECOND) {
                clock.sleepUntil(start + 9 * SECOND); // the broker is gone: send() blocks on the client's buffer
                thread.requestAbandon(); // at t = 9 s the worker gives up on the thread and interrupts it
                Thread.currentThread().interrupt();
                // the client ends its blocked send with an interrupt error, on this thread (as kafka-clients does)
                call.complete(new RuntimeException("interrupted while waiting for buffer memory"));
                return;
            }
            clock.advanceNanos(MILLI);
            call.complete(null);
        };

        try {
            thread.runUntil(start + 20 * SECOND);
        } finally {
            Thread.interrupted(); // the test thread played the producer thread
        }
        assertThat(closeBooks()).isEqualTo(4_001);

        PeriodStats period = stats.cutPeriod(0, 1);
        Counters totals = period.totals();
        assertThat(totals.messagesDue()).isEqualTo(9_001);
        assertThat(totals.messagesAcked()).isEqualTo(5_000); // intended 0 … 4.999 s
        // the interrupted send is no failure of the broker's: no send error, so no completion either (the
        // run's stall clock counts completions); it was never sent, like the 4,000 due after it
        assertThat(totals.sendErrors()).isZero();
        assertThat(totals.messagesSent()).isEqualTo(5_000);
        assertThat(totals.messagesNotSent()).isEqualTo(4_001);
        assertEveryDueMessageAccountedFor(totals, period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME));
        // the oldest never sent was intended at 5.000 s and written off at 9 s
        assertThat(period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME).getMaxValue())
                .isBetween(3_990 * MILLI, 4_010 * MILLI);
    }

    @Test
    void aProducerBehindAtTheStopStillSendsWhatCameDueBeforeItAndNothingAfter() throws Exception {
        newThread(1);
        producer.onSend = call -> {
            if (clock.monotonicNanos() >= start + 5 * SECOND && clock.monotonicNanos() < start + 6 * SECOND) {
                clock.sleepUntil(start + 5_500 * MILLI);
                thread.requestStop(); // the load stops at 5.5 s while this send is blocked
                clock.sleepUntil(start + 6 * SECOND);
            }
            call.complete(null);
        };

        thread.runUntil(start + 20 * SECOND);
        assertThat(closeBooks()).isZero();

        PeriodStats period = stats.cutPeriod(0, 1);
        Counters totals = period.totals();
        assertThat(totals.messagesDue()).isEqualTo(5_501); // intended 0 … 5.500 s
        assertThat(totals.messagesSent()).isEqualTo(5_501);
        assertThat(totals.messagesAcked()).isEqualTo(5_501);
        assertThat(totals.messagesNotSent()).isZero();
        assertEveryDueMessageAccountedFor(totals, period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME));
        assertThat(period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME).getMaxValue())
                .isGreaterThan(990 * MILLI);
    }

    @Test
    void failedSendsAreInBothResponseTimesWithTheTimeToTheFailureAndNotInServiceTime() throws Exception {
        newThread(2); // two subscriptions would each have received every message
        List<SendCallbackCall> pending = new ArrayList<>();
        producer.onSend = pending::add;

        thread.runUntil(start + 100 * MILLI);
        thread.requestStop();
        clock.advance(30, TimeUnit.MILLISECONDS); // the broker refuses them all 30 ms after the last send
        pending.forEach(call -> call.complete(new IllegalStateException("record too large")));
        assertThat(closeBooks()).isZero();

        PeriodStats period = stats.cutPeriod(0, 1);
        Counters totals = period.totals();
        assertThat(totals.sendErrors()).isEqualTo(totals.messagesSent()).isPositive();
        assertThat(totals.messagesAcked()).isZero();
        Histogram response = period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME);
        assertEveryDueMessageAccountedFor(totals, response);
        assertThat(response.getValueAtPercentile(0)).isGreaterThanOrEqualTo(29 * MILLI);
        assertThat(period.histogram(LatencyMetric.END_TO_END_RESPONSE_TIME).getTotalCount())
                .isEqualTo(2 * totals.sendErrors());
        assertThat(period.histogram(LatencyMetric.PUBLISH_LATENCY).getTotalCount())
                .isZero();
    }

    @Test
    void messagesStillInFlightWhenTheBooksCloseAreWrittenOffWithTheirAgeAndLateAcksDoNotCountTwice() throws Exception {
        newThread(1);
        List<SendCallbackCall> withheld = new ArrayList<>();
        producer.onSend = call -> {
            if (clock.monotonicNanos() >= start + SECOND) {
                withheld.add(call); // the broker died at 1 s: nothing is acknowledged from then on
            } else {
                call.complete(null);
            }
        };

        thread.runUntil(start + 3 * SECOND);
        thread.requestStop();
        clock.advance(10, TimeUnit.SECONDS); // the drain waits in vain until 13 s
        assertThat(closeBooks()).isEqualTo(2_000);
        withheld.forEach(call -> call.complete(null)); // the client gives up late: ignored

        PeriodStats period = stats.cutPeriod(0, 1);
        Counters totals = period.totals();
        assertThat(totals.messagesAcked()).isEqualTo(1_000);
        assertThat(totals.messagesUnackedAtEnd()).isEqualTo(2_000);
        assertThat(totals.sendsInFlight()).isZero();
        Histogram response = period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME);
        assertEveryDueMessageAccountedFor(totals, response);
        // intended 1 … 3 s, written off at 13 s: ages 10 … 12 s, read to the ledger's 16.8 ms buckets (lower bounds)
        assertThat(response.getMaxValue()).isBetween(11_950 * MILLI, 12_010 * MILLI);
        assertThat(response.getValueAtPercentile(40)).isBetween(9_950 * MILLI, 11_000 * MILLI);
    }

    @Test
    void dueCountsTheScheduleAcrossARateChangeWhileTheProducerIsBlocked() throws Exception {
        newThread(1);
        producer.onSend = call -> {
            if (clock.monotonicNanos() >= start + 2 * SECOND && clock.monotonicNanos() < start + 4 * SECOND) {
                clock.sleepUntil(start + 4 * SECOND);
                // seen from the sampling thread while the send is blocked: 4,001 due (0 … 4.000 s), 2,000 handed over
                assertThat(stats.totals().messagesDue()).isEqualTo(4_001);
                assertThat(stats.totals().dueNotSent()).isEqualTo(2_001);
            }
            call.complete(null);
        };
        thread.runUntil(start + 6 * SECOND);
        thread.requestRate(500);
        thread.runUntil(start + 8 * SECOND);
        thread.requestStop();
        closeBooks();

        Counters totals = stats.totals();
        assertThat(totals.messagesDue()).isEqualTo(6_000 + 1_000);
        assertThat(totals.messagesAcked()).isEqualTo(7_000);
    }

    @Test
    void aBillionMessagesNeverSentAreWrittenOffInGroupsWithLowerBoundAges() throws Exception {
        newThread(1, 1e9);
        producer.onSend = call -> {
            clock.sleepUntil(start + SECOND); // the very first send blocks for 1 s at 1e9 msg/s
            thread.requestAbandon();
            call.complete(null);
        };

        thread.runUntil(Long.MAX_VALUE);
        assertThat(closeBooks()).isEqualTo(1_000_000_000L); // intended 1 ns … 1 s, one by one in the count

        PeriodStats period = stats.cutPeriod(0, 1);
        Counters totals = period.totals();
        assertThat(totals.messagesDue()).isEqualTo(1_000_000_001L);
        assertThat(totals.messagesNotSent()).isEqualTo(1_000_000_000L);
        Histogram response = period.histogram(LatencyMetric.PUBLISH_RESPONSE_TIME);
        assertEveryDueMessageAccountedFor(totals, response);
        // groups of 1,000 messages (1 µs of schedule) each recorded at its youngest age
        assertThat(response.getValueAtPercentile(50)).isBetween(499 * MILLI, 501 * MILLI);
    }
}
