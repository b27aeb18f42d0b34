package io.openmessaging.benchmark.result;

import io.openmessaging.benchmark.measure.LatencyMetric;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** Small, fully deterministic results for the file tests. */
final class SampleResults {

    static final Instant START = Instant.parse("2025-01-31T13:05:09.250Z");
    static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);

    private SampleResults() {}

    /** A histogram with the framework's range and precision: 1 ns … 1 h, 3 significant digits. */
    static Histogram nanosHistogram(long... valuesNanos) {
        Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        for (long value : valuesNanos) {
            histogram.recordValue(value);
        }
        return histogram;
    }

    /** A two-period result with every field set, metadata included. */
    static TestResult twoPeriodRun() {
        TestResult result = new TestResult();
        result.schemaVersion = TestResult.SCHEMA_VERSION;
        result.workload = "1-topic-1-partition-1kb";
        result.driver = "Kafka";
        result.version = "4.0.0";
        result.complete = true;
        result.failureReason = null;
        result.messageSize = 1024;
        result.topics = 1;
        result.partitions = 1;
        result.producersPerTopic = 1;
        result.consumersPerTopic = 1;
        result.subscriptionsPerTopic = 1;
        result.runMode = "produce-consume";
        result.targetRate = 1000.0;
        result.beginTime = ResultFiles.formatTimestamp(START);
        result.endTime = ResultFiles.formatTimestamp(START.plusSeconds(80));
        result.sampleRateMillis = 10_000;
        result.warmupDurationSeconds = 60.004;
        result.testDurationSeconds = 20.0015;
        result.publishRate = List.of(1000.5, 999.25);
        result.publishErrorRate = List.of(0.0, 0.1);
        result.consumeRate = List.of(1000.5, 999.35);
        result.backlog = List.of(0L, 0L);
        result.sent = List.of(10_005L, 9_992L);
        result.consumed = List.of(10_005L, 9_993L);
        result.publishFailed = List.of(0L, 1L);
        result.consumeFailed = List.of(0L, 0L);
        result.attempted = List.of(10_005L, 9_993L);
        result.dueNotSent = List.of(3L, 0L);
        result.totalMessagesSent = 19_997L;
        result.totalMessagesAttempted = 19_998L;
        result.totalMessagesDue = 19_998L;
        result.totalMessagesNotSent = 0L;
        result.totalMessagesUnackedAtEnd = 0L;
        result.totalMessagesReceived = 19_998L;
        result.totalSendErrors = 1L;
        result.totalBytesSent = 19_997L * 1024;
        result.totalBytesReceived = 19_998L * 1024;
        result.endToEndNegativeCount = 2L;
        result.latencyValuesClampedCount = 0L;
        result.unstampedMessagesReceived = 1L;
        MessageIdentity.Subscription subscription = new MessageIdentity.Subscription();
        subscription.topic = "test-topic-0000000-abcdefg";
        subscription.subscription = "sub-000-hijklmn";
        subscription.receivedUnique = 19_996L;
        subscription.duplicates = 1L;
        subscription.lost = 1L;
        subscription.receivedNotAcknowledged = 0L;
        subscription.outOfOrder = 0L;
        result.messageIdentity = new MessageIdentity();
        result.messageIdentity.receivedUnique = 19_996L;
        result.messageIdentity.duplicates = 1L;
        result.messageIdentity.lost = 1L;
        result.messageIdentity.receivedNotAcknowledged = 0L;
        result.messageIdentity.outOfOrder = 0L;
        result.messageIdentity.allowedLoss = 1L;
        result.messageIdentity.subscriptions.add(subscription);

        Histogram[] periods = {
            nanosHistogram(250_000, 1_234_567, 2_000_000, 48_000_000), nanosHistogram(300_000, 900_000, 1_100_000)
        };
        Histogram all = nanosHistogram();
        for (Histogram period : periods) {
            all.add(period);
        }
        for (LatencyMetric metric : LatencyMetric.values()) {
            for (Histogram period : periods) {
                ResultFiller.addPeriod(result, metric, period);
            }
            ResultFiller.setAggregate(result, metric, all);
            result.hlogFiles.put(
                    metric.fieldPrefix(), metric.hlogFileName("1-topic-1-partition-1kb-Kafka-2025-01-31-13-05-09"));
        }

        RunMetadata metadata = new RunMetadata();
        metadata.projectVersion = "0.1.0-SNAPSHOT";
        metadata.gitSha = "66ed92c";
        metadata.jvm = "Eclipse Adoptium 17.0.13+11";
        metadata.os = "Linux 6.8.0 amd64";
        metadata.hostname = "bench-coordinator";
        metadata.availableProcessors = 2;
        metadata.driverName = "Kafka";
        metadata.driverId = "kafka";
        metadata.driverFile = "driver-kafka/kafka.yaml";
        metadata.driverYaml =
                "name: Kafka\ndriverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver\n";
        metadata.workloadFile = "workloads/1-topic-1-partition-1kb.yaml";
        metadata.workloadYaml = "name: 1-topic-1-partition-1kb\ntopics: 1\n";
        metadata.clientVersions.put("kafka-clients", "4.3.1");
        metadata.brokerInfo.put("version", "4.0.0");
        metadata.brokerInfo.put("brokers", "3");
        metadata.driverCounters.put("kafka.consumerFailures", 0L);
        metadata.driverCounters.put("kafka.malformedStamps", 2L);
        metadata.clockOffsets.add(new ClockOffset("http://10.0.0.1:8080", -12_500, 40_000));
        metadata.clockOffsets.add(new ClockOffset("http://10.0.0.2:8080", 3_000, 35_500));
        metadata.latencyPrecisionDigits = 3;
        metadata.producerWakeIntervalMicros = 100;
        metadata.beginTimeEpochMillis = START.toEpochMilli();
        metadata.endTimeEpochMillis = START.plusSeconds(80).toEpochMilli();
        metadata.commandLine = List.of(
                "bin/benchmark",
                "--drivers",
                "driver-kafka/kafka.yaml",
                "--workers",
                "http://10.0.0.1:8080,http://10.0.0.2:8080",
                "--topology",
                "SPLIT",
                "workloads/1-topic-1-partition-1kb.yaml");
        metadata.topology = new RunTopology();
        metadata.topology.placement = "SPLIT";
        metadata.topology.workerCount = 2;
        metadata.topology.inProcess = false;
        metadata.topology.producerWorkerCount = 1;
        metadata.topology.consumerWorkerCount = 1;
        metadata.topology.extraConsumers = false;
        result.metadata = metadata;
        return result;
    }
}
