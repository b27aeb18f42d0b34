package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.WorkerStatus;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's time limits, each met in simulated time: a whole {@link BenchmarkRun} on a {@link ManualClock}
 * against one scripted worker whose counters follow the clock, so that the readiness timeout, the stall
 * timeout, the drain timeout and the unreachable-worker timeout (the defaults: 60, 30, 60 and 10 s) are
 * reached in milliseconds. Each test asserts the failure reason and the simulated moment of the failure;
 * the healthy run beside them shows that the script alone fails nothing.
 */
@Timeout(60) // a wait that slipped past the clock would hang here instead of running in simulated time
class RunTimeLimitsTest {

    private static final long RATE_MSG_PER_SEC = 1_000;
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    /** The coordinator polls every second while following the load: a limit is seen at most one poll late. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1000);

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private final ScriptedWorker worker = new ScriptedWorker();

    @Test
    void aHealthyScriptedRunCompletesAfterItsWarmUpAndMeasuredPhase() throws Exception {
        RunRecorder recorder = run();

        assertThat(recorder.failureReason()).isNull();
        assertThat(worker.stopNanos - worker.startNanos).isBetween(70 * SECOND, 81 * SECOND);
        assertThat(worker.totals().messagesAcked()).isEqualTo(worker.totals().messagesSent());
    }

    @Test
    void consumersThatNeverReceiveAProbeFailTheRunAtTheReadinessTimeout() throws Exception {
        worker.probesArrive = false;

        RunRecorder recorder = run();

        assertThat(recorder.failureReason())
                .startsWith("not ready after 60 s: no probe message arrived for 1 of 1 topic/subscription pairs");
        assertThat(clock.monotonicNanos()).isBetween(60 * SECOND, 60 * SECOND + POLL_NANOS);
        assertThat(worker.startNanos).as("the load never started").isEqualTo(-1);
    }

    @Test
    void sendsThatStopCompletingFailTheRunAtTheStallTimeout() throws Exception {
        worker.completionsStopAfterNanos = 5 * SECOND; // in the warm-up: still counted in the measured phase

        RunRecorder recorder = run();

        assertThat(recorder.failureReason()).contains("no send completed or failed for 30 s");
        assertThat(clock.monotonicNanos() - worker.startNanos)
                .as(recorder.failureReason())
                .isBetween(35 * SECOND, 35 * SECOND + 2 * POLL_NANOS);
    }

    @Test
    void aWorkerThatStopsAnsweringFailsTheRunAtTheUnreachableTimeout() throws Exception {
        worker.unreachableAfterNanos = 20 * SECOND; // in the measured phase

        RunRecorder recorder = run();

        assertThat(recorder.failureReason())
                .startsWith("worker scripted has not answered for 10 s")
                .contains("connection refused");
        // counted from its last answer, which came at most one poll before it stopped answering
        assertThat(clock.monotonicNanos() - worker.startNanos).isBetween(30 * SECOND - POLL_NANOS, 30 * SECOND);
    }

    @Test
    void sendsStillInFlightAfterTheLoadStoppedFailTheRunAtTheDrainTimeout() throws Exception {
        worker.acksLagBehind = true; // 1,000 in flight at the stop, then one acknowledged a second

        RunRecorder recorder = run();

        assertThat(recorder.failureReason()).startsWith("drain incomplete: 60 s after the load stopped");
        assertThat(clock.monotonicNanos() - worker.stopNanos).isBetween(60 * SECOND, 60 * SECOND + POLL_NANOS);
    }

    /** 1 topic, 1 subscription, 1,000 msg/s: 10 s of warm-up and 60 s measured, 10 s sampling periods. */
    private RunRecorder run() throws Exception {
        var workload = WorkloadLoader.parse(
                String.join(
                        "\n",
                        "name: limits",
                        "topics: 1",
                        "partitionsPerTopic: 1",
                        "messageSize: 100",
                        "subscriptionsPerTopic: 1",
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: " + RATE_MSG_PER_SEC,
                        "warmupDuration: 10s",
                        "testDuration: 60s",
                        ""),
                "limits.yaml");
        DriverConfiguration driver = DriverConfigurationLoader.parse(
                "name: loopback\ndriver: loopback\n", "loopback.yaml", new DriverRegistry());
        RunOptions options = RunOptions.defaults(dir);
        RunRecorder recorder = new RunRecorder(
                workload,
                driver,
                options,
                clock,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                List.of());
        WorkerRoles roles = WorkerRoles.of(List.of(worker), WorkerRoles.Topology.SPLIT, false);
        return new BenchmarkRun(workload, driver, roles, options, clock, recorder).execute();
    }

    /**
     * One worker whose totals are a function of the simulated time since the load started: sends at 1,000
     * msg/s, each acknowledged and received at once, unless a field below scripts a fault.
     */
    private final class ScriptedWorker extends StubWorker {
        boolean probesArrive = true;
        /** From this long after the load started no send completes (they stay in flight). */
        long completionsStopAfterNanos = Long.MAX_VALUE;
        /** From this long after the load started every status call fails. */
        long unreachableAfterNanos = Long.MAX_VALUE;
        /** Acknowledgements 1,000 behind the sends; after the stop one more a second. */
        boolean acksLagBehind;

        long startNanos = -1;
        long stopNanos = -1;
        private final List<String> pairs = new ArrayList<>();

        Counters totals() {
            if (startNanos < 0) {
                return Counters.ZERO;
            }
            long now = clock.monotonicNanos();
            long sendingUntil = stopNanos < 0 ? now : stopNanos;
            long sent = RATE_MSG_PER_SEC * (sendingUntil - startNanos) / SECOND;
            long completingUntil = Math.min(sendingUntil, startNanos + completionsStopAfterNanos);
            long acked = RATE_MSG_PER_SEC * (completingUntil - startNanos) / SECOND;
            if (acksLagBehind) {
                long afterStop = stopNanos < 0 ? 0 : (now - stopNanos) / SECOND;
                acked = Math.min(sent - 1, Math.max(0, sent - 1_000) + afterStop);
            }
            return new Counters(sent, sent * 100, 0, acked, acked, acked * 100, 0, 0, 0, 0);
        }

        @Override
        public WorkerStatus status(long afterSeq) throws IOException {
            if (startNanos >= 0 && clock.monotonicNanos() - startNanos >= unreachableAfterNanos) {
                throw new IOException("connection refused");
            }
            return new WorkerStatus(List.of(), totals(), null, "e1");
        }

        @Override
        public List<TopicSpec> createTopics(int count, int partitionsPerTopic) {
            List<TopicSpec> topics = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                topics.add(new TopicSpec("limits-" + i, partitionsPerTopic));
            }
            return topics;
        }

        @Override
        public void createConsumers(List<ConsumerAssignment> assignments) {
            assignments.forEach(a -> pairs.add(a.pairKey()));
        }

        @Override
        public Map<String, Long> probesReceived() {
            Map<String, Long> received = new LinkedHashMap<>();
            if (probesArrive) {
                pairs.forEach(pair -> received.put(pair, 1L));
            }
            return received;
        }

        @Override
        public void startLoad(LoadSpec load, long samplePeriodMillis) {
            startNanos = clock.monotonicNanos();
        }

        @Override
        public void stopLoad() {
            if (stopNanos < 0) {
                stopNanos = clock.monotonicNanos();
            }
        }
    }
}
