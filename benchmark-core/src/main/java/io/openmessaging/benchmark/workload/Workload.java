package io.openmessaging.benchmark.workload;

import static io.openmessaging.benchmark.workload.WorkloadSchema.ALLOWED_LOSS;
import static io.openmessaging.benchmark.workload.WorkloadSchema.BACKLOG_DRAIN_RATIO;
import static io.openmessaging.benchmark.workload.WorkloadSchema.CONSUMER_BACKLOG_SIZE_GB;
import static io.openmessaging.benchmark.workload.WorkloadSchema.CONSUMER_ONLY;
import static io.openmessaging.benchmark.workload.WorkloadSchema.CONSUMER_PER_SUBSCRIPTION;
import static io.openmessaging.benchmark.workload.WorkloadSchema.EXISTING_CONSUME_TOPIC_LIST;
import static io.openmessaging.benchmark.workload.WorkloadSchema.EXISTING_PRODUCE_TOPIC_LIST;
import static io.openmessaging.benchmark.workload.WorkloadSchema.EXISTING_TOPIC_LIST;
import static io.openmessaging.benchmark.workload.WorkloadSchema.KEY_DISTRIBUTOR;
import static io.openmessaging.benchmark.workload.WorkloadSchema.MESSAGE_SIZE;
import static io.openmessaging.benchmark.workload.WorkloadSchema.NAME;
import static io.openmessaging.benchmark.workload.WorkloadSchema.PARTITIONS_PER_TOPIC;
import static io.openmessaging.benchmark.workload.WorkloadSchema.PAYLOAD_FILE;
import static io.openmessaging.benchmark.workload.WorkloadSchema.PRODUCERS_PER_TOPIC;
import static io.openmessaging.benchmark.workload.WorkloadSchema.PRODUCER_RATE;
import static io.openmessaging.benchmark.workload.WorkloadSchema.PRODUCER_WAKE_INTERVAL_MICROS;
import static io.openmessaging.benchmark.workload.WorkloadSchema.RANDOMIZED_PAYLOAD_POOL_SIZE;
import static io.openmessaging.benchmark.workload.WorkloadSchema.RANDOM_BYTES_RATIO;
import static io.openmessaging.benchmark.workload.WorkloadSchema.RATE_SEARCH_PRECISION;
import static io.openmessaging.benchmark.workload.WorkloadSchema.RATE_SEARCH_SETTLE;
import static io.openmessaging.benchmark.workload.WorkloadSchema.RATE_SEARCH_START_RATE;
import static io.openmessaging.benchmark.workload.WorkloadSchema.RATE_SEARCH_WINDOW;
import static io.openmessaging.benchmark.workload.WorkloadSchema.SAMPLE_RATE_MILLIS;
import static io.openmessaging.benchmark.workload.WorkloadSchema.SEND_ERROR_ALLOWANCE_PERCENT;
import static io.openmessaging.benchmark.workload.WorkloadSchema.SUBSCRIPTIONS_PER_TOPIC;
import static io.openmessaging.benchmark.workload.WorkloadSchema.TEST_DURATION;
import static io.openmessaging.benchmark.workload.WorkloadSchema.TOPICS;
import static io.openmessaging.benchmark.workload.WorkloadSchema.USE_RANDOMIZED_PAYLOADS;
import static io.openmessaging.benchmark.workload.WorkloadSchema.WARMUP_DURATION;

import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.schedule.RatePlan;
import io.openmessaging.benchmark.schedule.RateSearchSettings;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A checked workload: what to run, independent of the messaging system. Immutable; made only by
 * {@link WorkloadLoader}, so every instance satisfies {@link WorkloadSchema}. Accessors are named
 * like the YAML keys; {@code docs/workload-reference.md} documents each.
 */
public final class Workload {

    private final String name;
    private final int topics;
    private final int partitionsPerTopic;
    private final KeyDistributorType keyDistributor;
    private final int messageSize;
    private final boolean useRandomizedPayloads;
    private final double randomBytesRatio;
    private final int randomizedPayloadPoolSize;
    private final String payloadFile;
    private final int subscriptionsPerTopic;
    private final int producersPerTopic;
    private final int consumerPerSubscription;
    private final double producerRate;
    private final RatePlan ratePlan;
    private final RateSearchSettings rateSearchSettings;
    private final double consumerBacklogSizeGB;
    private final double backlogDrainRatio;
    private final Duration warmupDuration;
    private final Duration testDuration;
    private final int sampleRateMillis;
    private final int producerWakeIntervalMicros;
    private final double sendErrorAllowancePercent;
    private final long allowedLoss;
    private final boolean consumerOnly;
    private final List<String> existingTopicList;
    private final List<String> existingProduceTopicList;
    private final List<String> existingConsumeTopicList;
    private final String sourceName;
    private final String yamlText;
    private final String effectiveYamlText;

    Workload(ConfigValues values, String defaultName, String sourceName, String yamlText, String effectiveYamlText) {
        this.name = values.given(NAME) ? values.get(NAME) : defaultName;
        this.topics = values.get(TOPICS);
        this.partitionsPerTopic = values.get(PARTITIONS_PER_TOPIC);
        this.keyDistributor = values.get(KEY_DISTRIBUTOR);
        this.messageSize = values.given(MESSAGE_SIZE) ? values.get(MESSAGE_SIZE) : 0;
        this.useRandomizedPayloads = values.get(USE_RANDOMIZED_PAYLOADS);
        this.randomBytesRatio = values.get(RANDOM_BYTES_RATIO);
        this.randomizedPayloadPoolSize = values.get(RANDOMIZED_PAYLOAD_POOL_SIZE);
        this.payloadFile = values.get(PAYLOAD_FILE);
        this.subscriptionsPerTopic = values.get(SUBSCRIPTIONS_PER_TOPIC);
        this.producersPerTopic = values.get(PRODUCERS_PER_TOPIC);
        this.consumerPerSubscription = values.get(CONSUMER_PER_SUBSCRIPTION);
        this.ratePlan = WorkloadSchema.ratePlan(values);
        this.producerRate = ratePlan != null ? ratePlan.steps().get(0).rateMsgPerSec() : values.get(PRODUCER_RATE);
        this.rateSearchSettings = new RateSearchSettings(
                values.get(RATE_SEARCH_START_RATE),
                values.get(RATE_SEARCH_SETTLE),
                values.get(RATE_SEARCH_WINDOW),
                values.get(RATE_SEARCH_PRECISION),
                Math.max(RateSearchSettings.DEFAULT_MAX_RATE_MSG_PER_SEC, values.get(RATE_SEARCH_START_RATE)));
        this.consumerBacklogSizeGB = values.get(CONSUMER_BACKLOG_SIZE_GB);
        this.backlogDrainRatio = values.get(BACKLOG_DRAIN_RATIO);
        this.warmupDuration = values.get(WARMUP_DURATION);
        this.testDuration = ratePlan != null ? ratePlan.totalDuration() : values.get(TEST_DURATION);
        this.sampleRateMillis = values.get(SAMPLE_RATE_MILLIS);
        this.producerWakeIntervalMicros = values.get(PRODUCER_WAKE_INTERVAL_MICROS);
        this.sendErrorAllowancePercent = values.get(SEND_ERROR_ALLOWANCE_PERCENT);
        this.allowedLoss = values.get(ALLOWED_LOSS);
        this.consumerOnly = values.get(CONSUMER_ONLY);
        this.existingTopicList = values.get(EXISTING_TOPIC_LIST);
        this.existingProduceTopicList = values.get(EXISTING_PRODUCE_TOPIC_LIST);
        this.existingConsumeTopicList = values.get(EXISTING_CONSUME_TOPIC_LIST);
        this.sourceName = sourceName;
        this.yamlText = yamlText;
        this.effectiveYamlText = effectiveYamlText;
    }

    /** The workload's label; the file name without extension when the file has no {@code name}. */
    public String name() {
        return name;
    }

    /** Topics to create; 0 when the workload {@link #usesExistingTopics() uses existing topics}. */
    public int topics() {
        return topics;
    }

    /**
     * Partitions of each topic to create, or the partitions every existing topic must have; 0 when
     * existing topics may have any number.
     */
    public int partitionsPerTopic() {
        return partitionsPerTopic;
    }

    public KeyDistributorType keyDistributor() {
        return keyDistributor;
    }

    /** Payload size in bytes; 0 when the file leaves it to the size of {@link #payloadFile()}. */
    public int messageSize() {
        return messageSize;
    }

    public boolean useRandomizedPayloads() {
        return useRandomizedPayloads;
    }

    public double randomBytesRatio() {
        return randomBytesRatio;
    }

    public int randomizedPayloadPoolSize() {
        return randomizedPayloadPoolSize;
    }

    /** The payload file's path as written in the workload, or {@code null} when there is none. */
    public String payloadFile() {
        return payloadFile;
    }

    public int subscriptionsPerTopic() {
        return subscriptionsPerTopic;
    }

    public int producersPerTopic() {
        return producersPerTopic;
    }

    public int consumerPerSubscription() {
        return consumerPerSubscription;
    }

    /**
     * Target messages per second of all producers together; 0 means search for the maximum sustainable rate.
     * With a {@link #ratePlan()}, the first step's rate.
     */
    public double producerRate() {
        return producerRate;
    }

    /** The rate plan ({@code producerRateSteps} or {@code producerRateRamp}), or {@code null} for one rate. */
    public RatePlan ratePlan() {
        return ratePlan;
    }

    /** How the max-rate search of {@code producerRate: 0} searches (the {@code rateSearch…} keys). */
    public RateSearchSettings rateSearchSettings() {
        return rateSearchSettings;
    }

    /** Backlog to build in GiB (2^30 bytes); 0 means no backlog phase. */
    public double consumerBacklogSizeGB() {
        return consumerBacklogSizeGB;
    }

    public double backlogDrainRatio() {
        return backlogDrainRatio;
    }

    /** Warm-up length; zero means no warm-up. */
    public Duration warmupDuration() {
        return warmupDuration;
    }

    /** Measured phase length (with a rate plan, the plan's); zero means until the benchmark is stopped. */
    public Duration testDuration() {
        return testDuration;
    }

    public int sampleRateMillis() {
        return sampleRateMillis;
    }

    /** Shortest time between two wake-ups of a producer thread, µs; 0 wakes for every message. */
    public int producerWakeIntervalMicros() {
        return producerWakeIntervalMicros;
    }

    /** Percentage of completed sends that may fail before the run counts as failed; 0 allows none. */
    public double sendErrorAllowancePercent() {
        return sendErrorAllowancePercent;
    }

    /** Acknowledged messages the subscriptions may never receive, summed over them; 0 allows none. */
    public long allowedLoss() {
        return allowedLoss;
    }

    public boolean consumerOnly() {
        return consumerOnly;
    }

    /** Existing topics both produced to and consumed from; empty when none. */
    public List<String> existingTopicList() {
        return existingTopicList;
    }

    /** Existing topics only produced to; empty when none. */
    public List<String> existingProduceTopicList() {
        return existingProduceTopicList;
    }

    /** Existing topics only consumed from; empty when none. */
    public List<String> existingConsumeTopicList() {
        return existingConsumeTopicList;
    }

    /** Topics the run uses: {@link #topics()}, or the distinct existing topics listed. */
    public int topicsUsed() {
        if (!usesExistingTopics()) {
            return topics;
        }
        Set<String> names = new HashSet<>(existingTopicList);
        names.addAll(existingProduceTopicList);
        names.addAll(existingConsumeTopicList);
        return names.size();
    }

    /** Whether the run uses existing topics instead of creating {@link #topics()} new ones. */
    public boolean usesExistingTopics() {
        return !existingTopicList.isEmpty()
                || !existingProduceTopicList.isEmpty()
                || !existingConsumeTopicList.isEmpty();
    }

    /** Where the workload was read from, as given to the loader (for messages and results). */
    public String sourceName() {
        return sourceName;
    }

    /** The file's text exactly as read, for the result metadata. */
    public String yamlText() {
        return yamlText;
    }

    /**
     * The workload as it runs: the file's text with the entries {@code --set} replaced commented out and the
     * assignments appended; the file's text when nothing was set.
     */
    public String effectiveYamlText() {
        return effectiveYamlText;
    }

    /**
     * Consumers in the run: {@code topics × subscriptionsPerTopic × consumerPerSubscription}, counting
     * the existing topics consumers read when there are some.
     */
    public int consumersTotal() {
        int consumedTopics = usesExistingTopics() ? existingTopicList.size() + existingConsumeTopicList.size() : topics;
        return consumedTopics * subscriptionsPerTopic * consumerPerSubscription;
    }

    /**
     * Producers in the run: {@code topics × producersPerTopic}, counting the existing topics producers
     * write to when there are some.
     */
    public int producersTotal() {
        int producedTopics = usesExistingTopics() ? existingTopicList.size() + existingProduceTopicList.size() : topics;
        return producedTopics * producersPerTopic;
    }

    @Override
    public String toString() {
        return "Workload[" + name + " from " + sourceName + ": " + topics + " topics × " + partitionsPerTopic
                + " partitions, " + producersTotal() + " producers at " + producerRate + " msg/s, "
                + consumersTotal() + " consumers, " + messageSize + " bytes, warm-up "
                + DurationText.format(warmupDuration) + ", test " + DurationText.format(testDuration) + "]";
    }
}
