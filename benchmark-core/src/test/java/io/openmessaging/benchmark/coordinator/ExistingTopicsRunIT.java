package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs of workloads with existing topics against the loopback driver. The topics "exist before the
 * run" because the worker creates them right after its driver starts, as another application would
 * have on a broker; the run itself must create nothing and use exactly them.
 */
class ExistingTopicsRunIT {

    private static final String CLIENTS = """
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 2000
            warmupDuration: 0s
            testDuration: 2s
            sampleRateMillis: 1000
            """;

    @TempDir
    Path dir;

    @Test
    void runsOnTheListedTopicsWithTheirPartitionsAndCreatesNoOther() throws Exception {
        Outcome outcome = run(
                CLIENTS + "existingTopicList: [orders, payments]\npartitionsPerTopic: 4\n",
                List.of(new TopicSpec("orders", 4), new TopicSpec("payments", 4), new TopicSpec("unrelated", 1)));

        assertThat(outcome.recorder.failureReason()).isNull();
        TestResult result = outcome.recorder.result();
        assertThat(result.complete).isTrue();
        assertThat(result.topics).isEqualTo(2);
        assertThat(result.totalMessagesSent).isGreaterThan(2000L);
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        // the run looked the topics up and created none
        assertThat(outcome.calls).contains("describeTopics").doesNotContain("createTopics", "ensureTopics");
    }

    @Test
    void anyPartitionCountIsAcceptedWhenPartitionsPerTopicIsLeftOut() throws Exception {
        Outcome outcome =
                run(CLIENTS + "existingTopicList: [a, b]\n", List.of(new TopicSpec("a", 3), new TopicSpec("b", 7)));

        assertThat(outcome.recorder.failureReason()).isNull();
        assertThat(outcome.recorder.result().totalMessagesReceived).isPositive();
    }

    @Test
    void separateProduceAndConsumeTopicsSendToOneAndReadTheOther() throws Exception {
        Outcome outcome = run(
                CLIENTS + "existingProduceTopicList: [in]\nexistingConsumeTopicList: [out]\n",
                List.of(new TopicSpec("in", 2), new TopicSpec("out", 2)));

        assertThat(outcome.recorder.failureReason()).isNull();
        TestResult result = outcome.recorder.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalMessagesSent).isGreaterThan(2000L);
        // nothing of ours reaches the consume-only topic, and the run does not wait for it
        assertThat(result.totalMessagesReceived).isZero();
    }

    @Test
    void aMissingTopicFailsTheRunNamingItBeforeAnythingIsSent() throws Exception {
        Outcome outcome =
                run(CLIENTS + "existingTopicList: [orders, refunds, returns]\n", List.of(new TopicSpec("orders", 4)));

        assertThat(outcome.recorder.failureReason())
                .contains("w.yaml")
                .contains("2 of the 3 existing topic(s)")
                .contains("refunds, returns")
                .contains("do not exist");
        assertThat(outcome.recorder.result().complete).isFalse();
        assertThat(outcome.recorder.result().totalMessagesSent)
                .as("a run whose load never started measured nothing")
                .isNull();
        assertThat(outcome.calls).doesNotContain("createTopics", "ensureTopics", "createProducers", "startLoad");
    }

    @Test
    void aTopicWithOtherPartitionsThanPartitionsPerTopicFailsTheRun() throws Exception {
        Outcome outcome = run(
                CLIENTS + "existingTopicList: [orders, payments]\npartitionsPerTopic: 4\n",
                List.of(new TopicSpec("orders", 4), new TopicSpec("payments", 12)));

        assertThat(outcome.recorder.failureReason())
                .contains("partitionsPerTopic: 4")
                .contains("'payments' has 12 partition(s)")
                .doesNotContain("'orders'");
        assertThat(outcome.recorder.result().totalMessagesSent)
                .as("a run whose load never started measured nothing")
                .isNull();
    }

    /** What a run left: its recorder, and the names of the worker methods it called, in order. */
    private record Outcome(RunRecorder recorder, List<String> calls) {}

    private Outcome run(String workloadYaml, List<TopicSpec> existing) throws Exception {
        Workload workload = WorkloadLoader.parse(workloadYaml, "w.yaml");
        DriverConfiguration driver = DriverConfigurationLoader.parse(
                "name: Loopback\ndriver: loopback\n", "loopback.yaml", new DriverRegistry());
        LocalWorker local = new LocalWorker(SystemClock.INSTANCE, HistogramSpec.DEFAULT);
        List<String> calls = new CopyOnWriteArrayList<>();
        WorkerHandle worker = withTopicsCreatedAtStart(local, existing, calls);
        RunOptions options = RunOptions.defaults(dir);
        RunRecorder recorder = new RunRecorder(
                workload,
                driver,
                options,
                SystemClock.INSTANCE,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                List.of("test"));
        new BenchmarkRun(
                        workload,
                        driver,
                        WorkerRoles.of(List.of(worker), WorkerRoles.Topology.SPLIT, false),
                        options,
                        SystemClock.INSTANCE,
                        recorder)
                .execute();
        return new Outcome(recorder, calls);
    }

    /**
     * The worker, with {@code topics} created in its driver right after the driver starts (as if they
     * had been on the broker all along); every method the run calls is added to {@code calls}.
     */
    private static WorkerHandle withTopicsCreatedAtStart(
            LocalWorker local, List<TopicSpec> topics, List<String> calls) {
        return (WorkerHandle) Proxy.newProxyInstance(
                WorkerHandle.class.getClassLoader(), new Class<?>[] {WorkerHandle.class}, (proxy, method, args) -> {
                    calls.add(method.getName());
                    try {
                        Object value = method.invoke(local, args);
                        if (method.getName().equals("initializeDriver")) {
                            local.ensureTopics(topics);
                        }
                        return value;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
