package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.result.BacklogSummary;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build and drain loops on a {@link ManualClock}, against scripted totals: what they record, and how
 * they fail. Each look at the run advances the clock by one second, so the time limits are reached at once. 1
 * subscription × 1,000 msg/s × 1 KiB, a backlog of 1,000 KiB.
 */
class BacklogPhasesTest {

    private static final long KIB = 1024;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private Ensemble ensemble;
    private RunRecorder recorder;

    @BeforeEach
    void setUp() throws Exception {
        ensemble = new Ensemble(List.of(), Duration.ofSeconds(10), clock, Duration.ofSeconds(1));
    }

    @AfterEach
    void tearDown() {
        ensemble.shutdown();
    }

    @Test
    void buildAndDrainRecordSizesDurationsAndTheDrainThroughput() throws Exception {
        BacklogPhases phases = phases(false);
        // build: 250 messages a second, none received; drain: 500 received a second, producers stopped
        Script build = second -> counters(250 * second, 0);
        phases.build(watch(build));
        BacklogSummary summary = phases.summary();
        assertThat(summary.buildComplete).isTrue();
        assertThat(summary.builtMessages).isEqualTo(1000);
        assertThat(summary.builtBytes).isEqualTo(1000 * KIB);
        assertThat(summary.buildDurationSeconds).isEqualTo(4.0);

        Script drain = second -> counters(1000, Math.min(1000, 500 * second));
        phases.drain(watch(drain));
        assertThat(summary.drainComplete).isTrue();
        assertThat(summary.drainDurationSeconds).isEqualTo(2.0);
        assertThat(summary.remainingMessages).isZero();
        assertThat(summary.drainedMessages).isEqualTo(1000);
        assertThat(summary.drainMessagesReceived).isEqualTo(1000);
        assertThat(summary.drainConsumeRateMsgPerSec).isEqualTo(500.0);
        assertThat(summary.drainConsumeRateBytesPerSec).isEqualTo(500.0 * KIB);
        assertThat(recorder.result().backlogPhases).isSameAs(summary);
        assertThat(output())
                .contains("backlog build | built 0.98 MiB of 0.98 MiB (100 %), 1,000 messages, 4.0 s")
                .contains(
                        "backlog drain | drained: 0.00 MiB left (target at most 0.00 MiB), 2.0 s, consumed 500.0 msg/s");
    }

    @Test
    void aBuildThatDoesNotReachTheSizeFailsAtItsTimeLimitSayingHowFarItGot() throws Exception {
        BacklogPhases phases = phases(false);
        // producers reach only 10 msg/s: the 1 s build may take 60 s
        Script slow = second -> counters(10 * second, 0);

        assertThatThrownBy(() -> phases.build(watch(slow)))
                .isInstanceOf(RunFailedException.class)
                .hasMessageStartingWith("backlog build: 0.")
                .hasMessageContaining("of the requested 0.98 MiB after 60 s")
                .hasMessageContaining("producers do not reach producerRate");
        assertThat(phases.summary().buildComplete).isFalse();
        assertThat(phases.summary().buildDurationSeconds).isGreaterThanOrEqualTo(60.0);
        assertThat(phases.summary().builtMessages).isBetween(600L, 700L);
    }

    @Test
    void aDrainThatReceivesNothingAfterResumeFailsAfterTheStallTimeout() throws Exception {
        BacklogPhases phases = phases(false);
        phases.build(watch(second -> counters(1000, 0)));

        assertThatThrownBy(() -> phases.drain(watch(second -> counters(1000, 0))))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("the consumers received nothing for 30 s after being resumed")
                .hasMessageContaining("1,000 messages) still in the backlog");
        assertThat(phases.summary().drainComplete).isFalse();
    }

    @Test
    void aDrainSlowerThanTheLimitFailsNamingTheRemainingBacklogAndTheRate() throws Exception {
        BacklogPhases phases = phases(false);
        phases.build(watch(second -> counters(1000, 0)));

        // 10 messages a second: 100 s to drain, the limit is 60 s
        assertThatThrownBy(() -> phases.drain(watch(second -> counters(1000, 10 * second))))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("still in the backlog after 60 s, target at most 0.00 MiB")
                .hasMessageContaining("the consumers received 10.0 msg/s meanwhile");
    }

    @Test
    void whileProducersRunTheDrainEndsOnceConsumersAreCaughtUp() throws Exception {
        BacklogPhases phases = phases(true);
        // before the pause consumers held 20 messages, less than 100 ms of consumption (100 messages)
        phases.build(watch(second -> counters(1020 + 1000 * second, 1000)));
        assertThat(phases.summary().drainTargetBytes).isEqualTo(100 * KIB);

        // consumers catch up at 3,000 msg/s while producers add 1,000; they stay 50 messages behind
        phases.drain(watch(
                second -> counters(3020 + 1000 * second, Math.min(3020 + 1000 * second - 50, 1000 + 3000 * second))));
        assertThat(phases.summary().drainComplete).isTrue();
        assertThat(phases.summary().remainingMessages).isEqualTo(50);
    }

    private BacklogPhases phases(boolean producersRun) throws Exception {
        Workload workload = WorkloadLoader.parse(
                String.join(
                        "\n",
                        "name: phases",
                        "topics: 1",
                        "partitionsPerTopic: 1",
                        "messageSize: 1024",
                        "subscriptionsPerTopic: 1",
                        "consumerPerSubscription: 1",
                        "producersPerTopic: 1",
                        "producerRate: 1000",
                        "consumerBacklogSizeGB: " + 1000.0 / (1024 * 1024),
                        "consumerOnly: " + !producersRun,
                        "testDuration: 1m",
                        ""),
                "phases.yaml");
        RunOptions options = RunOptions.defaults(dir);
        recorder = new RunRecorder(
                workload,
                DriverConfigurationLoader.parse(
                        "name: loopback\ndriver: loopback\n", "loopback.yaml", new DriverRegistry()),
                options,
                clock,
                new PrintStream(printed, true, StandardCharsets.UTF_8),
                List.of());
        return new BacklogPhases(BacklogPlan.of(workload), producersRun, ensemble, List.of(), clock, recorder, options);
    }

    /** Totals as a function of whole seconds since the phase began. */
    @FunctionalInterface
    private interface Script {
        Counters at(long second);
    }

    /**
     * The k-th look answers {@code script.at(k)} and sets the clock to k + 1 seconds after the first look
     * began (the phases' 100 ms waits between looks run on the same manual clock, inside that second).
     */
    private BacklogPhases.Watch watch(Script script) {
        long startNanos = clock.monotonicNanos();
        long[] second = {0};
        return () -> {
            Counters totals = script.at(second[0]++);
            clock.sleepUntil(startNanos + TimeUnit.SECONDS.toNanos(second[0]));
            return totals;
        };
    }

    private static Counters counters(long sent, long received) {
        return new Counters(sent, sent * KIB, 0, sent, received, received * KIB, 0, 0, 0, 0);
    }

    private String output() {
        return printed.toString(StandardCharsets.UTF_8);
    }
}
