package io.openmessaging.benchmark.workload;

import static io.openmessaging.benchmark.config.ConfigKey.bool;
import static io.openmessaging.benchmark.config.ConfigKey.duration;
import static io.openmessaging.benchmark.config.ConfigKey.enumeration;
import static io.openmessaging.benchmark.config.ConfigKey.integer;
import static io.openmessaging.benchmark.config.ConfigKey.longInteger;
import static io.openmessaging.benchmark.config.ConfigKey.number;
import static io.openmessaging.benchmark.config.ConfigKey.structured;
import static io.openmessaging.benchmark.config.ConfigKey.text;
import static io.openmessaging.benchmark.config.ConfigKey.textList;

import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigRule;
import io.openmessaging.benchmark.config.ConfigSchema;
import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.config.KeyReference;
import io.openmessaging.benchmark.schedule.IntendedSendSchedule;
import io.openmessaging.benchmark.schedule.RatePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The workload file format, declared once: every key with its type, default, allowed values and
 * meaning, and every rule across keys. {@link WorkloadLoader} parses and checks files with it, its
 * error messages quote it, and {@link #referenceMarkdown()} renders it as {@code
 * docs/workload-reference.md} (run {@link #main} to regenerate that file).
 *
 * <p>Upstream OpenMessaging Benchmark files load unchanged and keep their meaning. Where upstream's
 * default was a trap (a missing {@code producerRate} silently started a max-rate search, a missing
 * {@code testDurationMinutes} ran forever, no producers divided by zero) the key is required instead.
 */
public final class WorkloadSchema {

    public static final ConfigKey<String> NAME = text("name")
            .defaultText("the file name without its extension")
            .meaning("Label of the workload, copied into the result. Result files are named after the workload"
                    + " file, not after this.")
            .build();

    public static final ConfigKey<Integer> TOPICS = integer("topics", "topics")
            .atLeast(0)
            .byDefault(0)
            .defaultText("*required* unless existing topics are given")
            .meaning("Number of topics created for the run. Leave it out (or 0) when the run uses existing topics"
                    + " (`existingTopicList` and its produce/consume forms).")
            .build();

    public static final ConfigKey<Integer> PARTITIONS_PER_TOPIC = integer("partitionsPerTopic", "partitions")
            .atLeast(1)
            .byDefault(0)
            .defaultText("*required* unless existing topics are given")
            .meaning("Partitions of each topic, passed to the driver when it creates the topic; some drivers"
                    + " restrict it (see the driver's guide). With existing topics it is the partition count every"
                    + " one of them must have (the run fails before sending if one differs); leave it out to accept"
                    + " any.")
            .build();

    public static final ConfigKey<KeyDistributorType> KEY_DISTRIBUTOR = enumeration(
                    "keyDistributor", KeyDistributorType.class)
            .byDefault(KeyDistributorType.NO_KEY)
            .meaning("Key of each message: `NO_KEY` sends none (the client spreads messages over partitions);"
                    + " `KEY_ROUND_ROBIN` takes keys in turn from a pool of 10,000 random keys (10 base64url"
                    + " characters each, one pool per producer); `RANDOM_NANO` draws a key of that pool uniformly at"
                    + " random for each message (upstream indexed the pool by nanoTime, which reaches only part of"
                    + " it on a coarse clock).")
            .build();

    public static final ConfigKey<Integer> MESSAGE_SIZE = integer("messageSize", "bytes")
            .atLeast(1)
            .defaultText("the size of `payloadFile`")
            .meaning("Payload size of every message. May be left out only when `payloadFile` is given; when both"
                    + " are given the file must be exactly this size.")
            .build();

    public static final ConfigKey<Boolean> USE_RANDOMIZED_PAYLOADS = bool("useRandomizedPayloads")
            .byDefault(false)
            .meaning("Send payloads from a pool of `randomizedPayloadPoolSize` payloads of `messageSize` bytes"
                    + " each, whose first `randomBytesRatio` × `messageSize` bytes are random and the rest zeros"
                    + " (to exercise compression). Excludes `payloadFile`.")
            .build();

    public static final ConfigKey<Double> RANDOM_BYTES_RATIO = number("randomBytesRatio", null)
            .atLeast(0)
            .atMost(1)
            .byDefault(0.0)
            .meaning("Share of each randomized payload that is random. Used only with `useRandomizedPayloads`.")
            .build();

    public static final ConfigKey<Integer> RANDOMIZED_PAYLOAD_POOL_SIZE = integer(
                    "randomizedPayloadPoolSize", "payloads")
            .atLeast(0)
            .byDefault(0)
            .meaning("Number of distinct randomized payloads; each message takes one at random. At least 1 when"
                    + " `useRandomizedPayloads` is true.")
            .build();

    public static final ConfigKey<String> PAYLOAD_FILE = text("payloadFile")
            .defaultText("none")
            .meaning("File whose bytes are the payload of every message (as upstream, e.g."
                    + " `payload/payload-1Kb.data`), or a directory whose files (hidden ones skipped) form the payload"
                    + " pool, each message taking one at random (as the Redpanda fork); the files must all have the"
                    + " same size. A relative path is looked up beside the workload file, then in the directory the"
                    + " benchmark is started in, then in the benchmark's installation root, whose `payload/` holds"
                    + " upstream's payload files (`payload-100b.data` … `payload-4Kb.data`), so upstream's workload"
                    + " files run as they are.")
            .build();

    public static final ConfigKey<Integer> SUBSCRIPTIONS_PER_TOPIC = integer("subscriptionsPerTopic", "subscriptions")
            .atLeast(0)
            .byDefault(0)
            .meaning("Subscriptions (consumer groups) per topic; each receives every message. 0 makes a"
                    + " producer-only run.")
            .build();

    public static final ConfigKey<Integer> PRODUCERS_PER_TOPIC = integer("producersPerTopic", "producers")
            .atLeast(1)
            .required()
            .meaning("Producers per topic; `producerRate` is split evenly among all of them. Upstream's default"
                    + " of 0 made a run that sends nothing, so the key is required here.")
            .build();

    public static final ConfigKey<Integer> CONSUMER_PER_SUBSCRIPTION = integer("consumerPerSubscription", "consumers")
            .atLeast(0)
            .byDefault(0)
            .meaning("Consumers in each subscription, sharing its partitions. 0 means nothing reads: a"
                    + " producer-only run, even when `subscriptionsPerTopic` is above 0 (as in upstream's"
                    + " `1-topic-3-partition-100b-3producers`).")
            .build();

    public static final ConfigKey<RatePlan> PRODUCER_RATE_STEPS = structured(
                    "producerRateSteps", "list of steps", RatePlanYaml::steps)
            .defaultText("none")
            .allowed("a list of `{rate, duration}`: rate in msg/s above 0, duration above 0 and a whole number of"
                    + " sample periods")
            .expected("a list of {rate, duration} steps")
            .meaning("A rate plan instead of `producerRate`: the measured phase runs each step in turn, e.g."
                    + " `[{rate: 10000, duration: 1m}, {rate: 50000, duration: 1m}]`, and lasts their total (leave"
                    + " out `testDuration`). The warm-up runs at the first step's rate. Rate changes never reset the"
                    + " intended-send schedules, so lateness carries over. See docs/rate-plans.md.")
            .build();

    public static final ConfigKey<RatePlan> PRODUCER_RATE_RAMP = structured(
                    "producerRateRamp", "mapping", RatePlanYaml::ramp)
            .defaultText("none")
            .allowed("`{from, to, duration, steps}`: from and to in msg/s above 0, duration above 0, steps 1 … 100000"
                    + " (default " + RatePlanYaml.DEFAULT_RAMP_STEPS + "); each step a whole number of sample periods")
            .expected("a mapping {from, to, duration, steps}")
            .meaning("A rate plan instead of `producerRate`: `steps` steps of equal length from `from` to `to`"
                    + " msg/s (evenly spaced, both ends included) over `duration`, e.g. `{from: 10000, to: 100000,"
                    + " duration: 5m, steps: 10}`; otherwise as `producerRateSteps`.")
            .build();

    public static final ConfigKey<Double> PRODUCER_RATE = number("producerRate", "messages per second")
            .atLeast(0)
            .requiredUnless(PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP)
            .meaning("Target rate of all producers together, in messages per second. 0 searches for the maximum"
                    + " sustainable rate first (docs/max-rate-search.md) and measures at the rate found. Required"
                    + " unless a rate plan is given: upstream silently searched when it was missing.")
            .build();

    public static final ConfigKey<Double> RATE_SEARCH_START_RATE = number("rateSearchStartRate", "messages per second")
            .atLeast(1)
            .byDefault(10_000.0)
            .meaning("With `producerRate: 0`: the first rate the max-rate search tries (it doubles from there while"
                    + " rates hold, and halves while they fail).")
            .build();

    public static final ConfigKey<Duration> RATE_SEARCH_SETTLE = duration("rateSearchSettle")
            .byDefault(Duration.ofSeconds(5))
            .meaning("With `producerRate: 0`: time at each rate tried before its window is measured.")
            .build();

    public static final ConfigKey<Duration> RATE_SEARCH_WINDOW = duration("rateSearchWindow")
            .byDefault(Duration.ofSeconds(10))
            .meaning("With `producerRate: 0`: time over which the achieved rates of each rate tried are measured;"
                    + " above 0.")
            .build();

    public static final ConfigKey<Double> RATE_SEARCH_PRECISION = number("rateSearchPrecision", null)
            .atLeast(0)
            .atMost(1)
            .byDefault(0.02)
            .meaning("With `producerRate: 0`: the search stops when the highest sustained and the lowest failed"
                    + " rate are within this fraction of each other (0.02: 2 %); above 0.")
            .build();

    public static final ConfigKey<Double> CONSUMER_BACKLOG_SIZE_GB = number("consumerBacklogSizeGB", "GiB")
            .atLeast(0)
            .byDefault(0.0)
            .meaning("Backlog to build, in GiB (2^30 bytes) of messages, summed over every subscription as"
                    + " upstream does. Above 0: after the warm-up the consumers pause (the driver's native pause)"
                    + " until subscriptions × sent − received messages reach this size while producers keep"
                    + " their rate, then resume; the measured phase holds the build, the drain and then"
                    + " `testDuration`. Fractions are allowed. See docs/backlog.md.")
            .build();

    public static final ConfigKey<Double> BACKLOG_DRAIN_RATIO = number("backlogDrainRatio", null)
            .atLeast(0)
            .atMost(1)
            .byDefault(1.0)
            .meaning("Share of the requested backlog that must be consumed for it to count as drained: the"
                    + " drain ends at (1 − ratio) × `consumerBacklogSizeGB`, but while producers run not below"
                    + " what consumers hold when caught up (100 ms of consumption at the workload rate, or the"
                    + " backlog before the pause if larger; upstream: 1000 messages). Below 1, the rest is left"
                    + " unconsumed at the end.")
            .build();

    public static final ConfigKey<Duration> WARMUP_DURATION = duration("warmupDuration")
            .byDefault(Duration.ofMinutes(1))
            .meaning("Warm-up before the measured phase, at the workload's rate; its statistics are discarded."
                    + " 0 skips it. Same as upstream's `warmupDurationMinutes`; give one or the other.")
            .build();

    public static final ConfigKey<Integer> WARMUP_DURATION_MINUTES = integer("warmupDurationMinutes", "minutes")
            .atLeast(0)
            .alternativeTo(WARMUP_DURATION)
            .meaning("Upstream's form of `warmupDuration`, in whole minutes.")
            .build();

    public static final ConfigKey<Duration> TEST_DURATION = duration("testDuration")
            .requiredUnless(PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP)
            .meaning("Length of the measured phase. 0 runs until the benchmark is stopped (Ctrl-C or SIGTERM;"
                    + " the results so far are written); the warm-up still comes first. Same as upstream's"
                    + " `testDurationMinutes`; give one or the other. Left out with a rate plan, whose steps set"
                    + " the length.")
            .build();

    public static final ConfigKey<Integer> TEST_DURATION_MINUTES = integer("testDurationMinutes", "minutes")
            .atLeast(0)
            .alternativeTo(TEST_DURATION)
            .meaning("Upstream's form of `testDuration`, in whole minutes.")
            .build();

    public static final ConfigKey<Integer> SAMPLE_RATE_MILLIS = integer("sampleRateMillis", "milliseconds")
            .atLeast(100)
            .byDefault(10_000)
            .meaning("Period of the throughput and latency samples (Redpanda fork's key; upstream always used"
                    + " 10 s).")
            .build();

    public static final ConfigKey<Integer> PRODUCER_WAKE_INTERVAL_MICROS = integer(
                    "producerWakeIntervalMicros", "microseconds")
            .atLeast(0)
            .atMost(10_000)
            .byDefault(100)
            .meaning("Shortest time between two wake-ups of a producer thread (this project's key). When the"
                    + " next message is due less than one interval after the deadline of the thread's previous"
                    + " sleep, the thread sleeps until the interval has passed and then sends every message that"
                    + " came due, each stamped with its own"
                    + " intended send time, so the wait shows in publish delay and response time. It matters only"
                    + " above 1,000,000 / interval msg/s per producer thread (10,000 at the default) and bounds the"
                    + " wake-ups, each of which costs tens of µs of CPU on a virtual machine (docs/performance.md)."
                    + " 0 wakes for every message.")
            .build();

    public static final ConfigKey<Double> SEND_ERROR_ALLOWANCE_PERCENT = number("sendErrorAllowancePercent", "percent")
            .atLeast(0)
            .atMost(100)
            .byDefault(0.0)
            .meaning("Share of completed sends that may fail before the run counts as failed (this project's key)."
                    + " At the default 0, the first send error fails the run at once; above 0, the run fails as"
                    + " soon as more than this percentage of the sends completed so far have failed, and again at"
                    + " the end. Failed sends are always counted and recorded in the response times"
                    + " (docs/measurement.md).")
            .build();

    public static final ConfigKey<Long> ALLOWED_LOSS = longInteger("allowedLoss", "messages")
            .atLeast(0)
            .byDefault(0L)
            .meaning("Messages the broker acknowledged that a subscription may never receive before the run counts"
                    + " as failed (this project's key), summed over subscriptions. Every message carries its"
                    + " producer and sequence number, and the run checks each one: at the default 0, one"
                    + " acknowledged message a subscription never received fails the run, whatever else it"
                    + " received twice. Raise it for a system or setting that may lose messages (at-most-once"
                    + " delivery); the counts are in the result either way (docs/measurement.md).")
            .build();

    public static final ConfigKey<Boolean> CONSUMER_ONLY = bool("consumerOnly")
            .byDefault(false)
            .meaning("Confluent fork's mode: after the warm-up, build the backlog of `consumerBacklogSizeGB`"
                    + " with the consumers paused, stop the producers, then measure the consumers draining it:"
                    + " the measured phase is the drain (to empty, or to `backlogDrainRatio`), and"
                    + " `testDuration` is not used.")
            .build();

    public static final ConfigKey<List<String>> EXISTING_TOPIC_LIST = textList("existingTopicList")
            .meaning("Topics that already exist, used instead of creating `topics` new ones (Redpanda fork):"
                    + " producers write to and consumers read from each. Before anything is created the driver"
                    + " checks that each exists (and has `partitionsPerTopic` partitions when that is given), or the"
                    + " run fails naming the topic. Nothing is deleted afterwards.")
            .build();

    public static final ConfigKey<List<String>> EXISTING_PRODUCE_TOPIC_LIST = textList("existingProduceTopicList")
            .meaning("Existing topics only producers use (`producersPerTopic` each); given together with"
                    + " `existingConsumeTopicList` unless `existingTopicList` is given (Redpanda fork).")
            .build();

    public static final ConfigKey<List<String>> EXISTING_CONSUME_TOPIC_LIST = textList("existingConsumeTopicList")
            .meaning("Existing topics only consumers read (`subscriptionsPerTopic` × `consumerPerSubscription`"
                    + " each), e.g. filled by another application; given together with `existingProduceTopicList`"
                    + " unless `existingTopicList` is given (Redpanda fork).")
            .build();

    private static final List<ConfigKey<?>> FIELDS = List.of(
            NAME,
            TOPICS,
            PARTITIONS_PER_TOPIC,
            KEY_DISTRIBUTOR,
            MESSAGE_SIZE,
            USE_RANDOMIZED_PAYLOADS,
            RANDOM_BYTES_RATIO,
            RANDOMIZED_PAYLOAD_POOL_SIZE,
            PAYLOAD_FILE,
            SUBSCRIPTIONS_PER_TOPIC,
            PRODUCERS_PER_TOPIC,
            CONSUMER_PER_SUBSCRIPTION,
            PRODUCER_RATE,
            PRODUCER_RATE_STEPS,
            PRODUCER_RATE_RAMP,
            RATE_SEARCH_START_RATE,
            RATE_SEARCH_SETTLE,
            RATE_SEARCH_WINDOW,
            RATE_SEARCH_PRECISION,
            CONSUMER_BACKLOG_SIZE_GB,
            BACKLOG_DRAIN_RATIO,
            WARMUP_DURATION,
            WARMUP_DURATION_MINUTES,
            TEST_DURATION,
            TEST_DURATION_MINUTES,
            SAMPLE_RATE_MILLIS,
            PRODUCER_WAKE_INTERVAL_MICROS,
            SEND_ERROR_ALLOWANCE_PERCENT,
            ALLOWED_LOSS,
            CONSUMER_ONLY,
            EXISTING_TOPIC_LIST,
            EXISTING_PRODUCE_TOPIC_LIST,
            EXISTING_CONSUME_TOPIC_LIST);

    private static final List<ConfigRule> RULES = List.of(
            new ConfigRule(
                    "`topics` (at least 1) and `partitionsPerTopic` are required unless existing topics are given.",
                    List.of(TOPICS, PARTITIONS_PER_TOPIC),
                    values -> !usesExistingTopics(values)
                            && (values.get(TOPICS) == 0 || !values.given(PARTITIONS_PER_TOPIC)),
                    values -> values.get(TOPICS) == 0
                            ? (values.given(TOPICS) ? values.show(TOPICS) + " creates no topic" : "topics is missing")
                                    + ": give the number of topics to create (e.g. topics: 1), or the names of"
                                    + " existing topics in existingTopicList"
                            : "partitionsPerTopic is missing: give the partitions of each topic to create (e.g."
                                    + " partitionsPerTopic: 16)"),
            new ConfigRule(
                    "`topics` and the existing-topic lists exclude each other: a run creates its topics or uses"
                            + " existing ones.",
                    List.of(TOPICS, EXISTING_TOPIC_LIST, EXISTING_PRODUCE_TOPIC_LIST, EXISTING_CONSUME_TOPIC_LIST),
                    values -> usesExistingTopics(values) && values.get(TOPICS) > 0,
                    values -> values.show(TOPICS) + " would create new topics, but existing ones are given ("
                            + existingListsShown(values) + "); remove topics, or the lists"),
            new ConfigRule(
                    "Without `existingTopicList`, `existingProduceTopicList` and `existingConsumeTopicList` are"
                            + " given together.",
                    List.of(EXISTING_PRODUCE_TOPIC_LIST, EXISTING_CONSUME_TOPIC_LIST),
                    values -> values.get(EXISTING_TOPIC_LIST).isEmpty()
                            && values.get(EXISTING_PRODUCE_TOPIC_LIST).isEmpty()
                                    != values.get(EXISTING_CONSUME_TOPIC_LIST).isEmpty(),
                    values -> (values.get(EXISTING_PRODUCE_TOPIC_LIST).isEmpty()
                                    ? values.showKey(EXISTING_CONSUME_TOPIC_LIST) + " has no existingProduceTopicList"
                                    : values.showKey(EXISTING_PRODUCE_TOPIC_LIST) + " has no existingConsumeTopicList")
                            + "; give both, or put topics used both ways in existingTopicList"),
            new ConfigRule(
                    "Give one of `producerRate`, `producerRateSteps` and `producerRateRamp`.",
                    List.of(PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP),
                    values -> Stream.of(PRODUCER_RATE, PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP)
                                    .filter(values::given)
                                    .count()
                            > 1,
                    values -> Stream.of(PRODUCER_RATE, PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP)
                                    .filter(values::given)
                                    .map(values::showKey)
                                    .collect(Collectors.joining(" and "))
                            + " both set the producer rate; keep one"),
            new ConfigRule(
                    "With a rate plan (`producerRateSteps` or `producerRateRamp`) the steps set the length of the"
                            + " measured phase: leave out `testDuration` and `testDurationMinutes`.",
                    List.of(TEST_DURATION, PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP),
                    values -> ratePlan(values) != null && values.given(TEST_DURATION),
                    values -> values.show(TEST_DURATION) + " conflicts with the rate plan, whose steps last "
                            + DurationText.format(ratePlan(values).totalDuration()) + " in total and set the length"
                            + " of the measured phase; remove "
                            + values.entry(TEST_DURATION).key()),
            new ConfigRule(
                    "Every step of a rate plan lasts a whole number of sample periods (`sampleRateMillis`), so"
                            + " every measured period belongs to one step.",
                    List.of(PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP, SAMPLE_RATE_MILLIS),
                    values -> ratePlan(values) != null
                            && ratePlan(values).steps().stream()
                                    .anyMatch(step -> step.duration().toMillis() % values.get(SAMPLE_RATE_MILLIS) != 0
                                            || step.duration().toNanos() % 1_000_000 != 0),
                    values -> "a step of " + values.showKey(ratePlanField(values)) + " lasts "
                            + ratePlan(values).steps().stream()
                                    .filter(step -> step.duration().toMillis() % values.get(SAMPLE_RATE_MILLIS) != 0
                                            || step.duration().toNanos() % 1_000_000 != 0)
                                    .map(step -> DurationText.format(step.duration()))
                                    .findFirst()
                                    .orElse("?")
                            + ", not a whole number of sample periods (" + values.show(SAMPLE_RATE_MILLIS)
                            + "); make every step a multiple of it, or change sampleRateMillis"),
            new ConfigRule(
                    "The `rateSearch…` keys apply only to the max-rate search (`producerRate: 0`).",
                    List.of(RATE_SEARCH_START_RATE, RATE_SEARCH_SETTLE, RATE_SEARCH_WINDOW, RATE_SEARCH_PRECISION),
                    values -> !isMaxRateSearch(values)
                            && Stream.of(
                                            RATE_SEARCH_START_RATE,
                                            RATE_SEARCH_SETTLE,
                                            RATE_SEARCH_WINDOW,
                                            RATE_SEARCH_PRECISION)
                                    .anyMatch(values::given),
                    values -> Stream.of(
                                            RATE_SEARCH_START_RATE,
                                            RATE_SEARCH_SETTLE,
                                            RATE_SEARCH_WINDOW,
                                            RATE_SEARCH_PRECISION)
                                    .filter(values::given)
                                    .map(values::show)
                                    .collect(Collectors.joining(", "))
                            + " tunes the max-rate search, which runs only with producerRate: 0; remove it or set"
                            + " producerRate: 0"),
            new ConfigRule(
                    "`rateSearchWindow` and `rateSearchPrecision` are above 0.",
                    List.of(RATE_SEARCH_WINDOW, RATE_SEARCH_PRECISION),
                    values -> values.get(RATE_SEARCH_WINDOW).isZero() || values.get(RATE_SEARCH_PRECISION) == 0,
                    values -> (values.get(RATE_SEARCH_WINDOW).isZero()
                                    ? values.show(RATE_SEARCH_WINDOW)
                                    : values.show(RATE_SEARCH_PRECISION))
                            + ": must be above 0, the search measures each"
                            + " rate over the window and stops at the precision (defaults 10s and 0.02)"),
            new ConfigRule(
                    "`messageSize` is required unless `payloadFile` is given.",
                    List.of(MESSAGE_SIZE, PAYLOAD_FILE),
                    values -> !values.given(MESSAGE_SIZE) && !values.given(PAYLOAD_FILE),
                    values -> "messageSize is missing: give the size of each message in bytes (e.g. messageSize:"
                            + " 1024), or a payloadFile whose size is used"),
            new ConfigRule(
                    "`useRandomizedPayloads: true` and `payloadFile` exclude each other.",
                    List.of(PAYLOAD_FILE, USE_RANDOMIZED_PAYLOADS),
                    values -> values.get(USE_RANDOMIZED_PAYLOADS) && values.given(PAYLOAD_FILE),
                    values -> values.show(USE_RANDOMIZED_PAYLOADS) + " and " + values.show(PAYLOAD_FILE)
                            + " both define the payload; keep one"),
            new ConfigRule(
                    "`randomizedPayloadPoolSize` is at least 1 when `useRandomizedPayloads` is true.",
                    List.of(RANDOMIZED_PAYLOAD_POOL_SIZE, USE_RANDOMIZED_PAYLOADS),
                    values -> values.get(USE_RANDOMIZED_PAYLOADS) && values.get(RANDOMIZED_PAYLOAD_POOL_SIZE) < 1,
                    values -> "with " + values.show(USE_RANDOMIZED_PAYLOADS) + ", randomizedPayloadPoolSize must be"
                            + " at least 1 (the number of distinct payloads to build, e.g. 1000); found "
                            + values.show(RANDOMIZED_PAYLOAD_POOL_SIZE)),
            new ConfigRule(
                    "`producerRate: 0` (max-rate search) cannot be combined with a backlog"
                            + " (`consumerBacklogSizeGB` above 0).",
                    List.of(PRODUCER_RATE, CONSUMER_BACKLOG_SIZE_GB),
                    values -> isMaxRateSearch(values) && values.get(CONSUMER_BACKLOG_SIZE_GB) > 0,
                    values -> values.show(PRODUCER_RATE) + " asks for the max-sustainable-rate search, which"
                            + " cannot be combined with a backlog (" + values.show(CONSUMER_BACKLOG_SIZE_GB)
                            + "); give a fixed producerRate in messages per second, or set"
                            + " consumerBacklogSizeGB: 0"),
            new ConfigRule(
                    "A backlog (`consumerBacklogSizeGB` above 0) needs consumers: `subscriptionsPerTopic` and"
                            + " `consumerPerSubscription` at least 1.",
                    List.of(CONSUMER_BACKLOG_SIZE_GB, SUBSCRIPTIONS_PER_TOPIC, CONSUMER_PER_SUBSCRIPTION),
                    values -> values.get(CONSUMER_BACKLOG_SIZE_GB) > 0 && consumersTotal(values) == 0,
                    values -> values.show(CONSUMER_BACKLOG_SIZE_GB) + " needs consumers to build and drain the"
                            + " backlog, but there are none (" + values.show(SUBSCRIPTIONS_PER_TOPIC) + ", "
                            + values.show(CONSUMER_PER_SUBSCRIPTION) + ")"),
            new ConfigRule(
                    "`consumerOnly: true` needs a backlog to drain (`consumerBacklogSizeGB` above 0).",
                    List.of(CONSUMER_ONLY, CONSUMER_BACKLOG_SIZE_GB),
                    values -> values.get(CONSUMER_ONLY) && values.get(CONSUMER_BACKLOG_SIZE_GB) == 0,
                    values -> values.show(CONSUMER_ONLY) + " builds a backlog, stops the producers and measures"
                            + " the consumers draining it, so it needs consumerBacklogSizeGB above 0, subscriptions"
                            + " and consumers; found " + values.show(CONSUMER_BACKLOG_SIZE_GB)),
            new ConfigRule(
                    "A measured phase (`testDuration` above 0) lasts at least one sample period"
                            + " (`sampleRateMillis`).",
                    List.of(TEST_DURATION, SAMPLE_RATE_MILLIS),
                    values -> {
                        Duration test = values.get(TEST_DURATION);
                        return test != null && !test.isZero() && test.toMillis() < values.get(SAMPLE_RATE_MILLIS);
                    },
                    values -> values.show(TEST_DURATION) + " is shorter than one sample period ("
                            + values.show(SAMPLE_RATE_MILLIS) + "), so the measured phase would have no sample;"
                            + " lengthen it or lower sampleRateMillis"),
            new ConfigRule(
                    "A fixed `producerRate` gives every producer at least one message in the measured phase"
                            + " (`producerRate` ÷ producers × `testDuration` ≥ 1).",
                    List.of(PRODUCER_RATE, TEST_DURATION, PRODUCERS_PER_TOPIC),
                    values -> messagesPerProducer(values) < 1,
                    values -> values.show(PRODUCER_RATE) + " shared by " + producersTotal(values) + " producer(s) is "
                            + String.format(
                                    java.util.Locale.ROOT, "%.3g", values.get(PRODUCER_RATE) / producersTotal(values))
                            + " msg/s each, fewer than one message per producer in the measured phase ("
                            + values.show(TEST_DURATION) + "); the lowest rate that sends is "
                            + String.format(
                                    java.util.Locale.ROOT,
                                    "%.3g",
                                    producersTotal(values)
                                            / (values.get(TEST_DURATION).toNanos() / 1e9))
                            + " msg/s, or use fewer producers"),
            new ConfigRule(
                    "At most 1,000,000,000 msg/s per producer (`producerRate` ÷ producers, or a rate plan's highest"
                            + " rate ÷ producers): one message per nanosecond, the resolution of intended send times.",
                    List.of(PRODUCER_RATE, PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP, PRODUCERS_PER_TOPIC),
                    values -> highestRatePerProducer(values) > IntendedSendSchedule.MAX_RATE_PER_PRODUCER_MSG_PER_SEC,
                    values -> highestRateShown(values) + " shared by " + producersTotal(values) + " producer(s) is "
                            + String.format(java.util.Locale.ROOT, "%.3g", highestRatePerProducer(values))
                            + " msg/s each, above the 1,000,000,000 msg/s a producer's schedule holds (one message"
                            + " per nanosecond); lower the rate, or add producers"),
            new ConfigRule(
                    "At most 2,147,483,647 producers and consumers in total (`topics` × `producersPerTopic`,"
                            + " `topics` × `subscriptionsPerTopic` × `consumerPerSubscription`).",
                    List.of(TOPICS, PRODUCERS_PER_TOPIC, SUBSCRIPTIONS_PER_TOPIC, CONSUMER_PER_SUBSCRIPTION),
                    values -> producersTotal(values) > Integer.MAX_VALUE || consumersTotal(values) > Integer.MAX_VALUE,
                    values -> "too many clients: " + producersTotal(values) + " producers ("
                            + values.show(PRODUCERS_PER_TOPIC) + " per topic), " + consumersTotal(values)
                            + " consumers; at most " + Integer.MAX_VALUE + " of each"));

    private WorkloadSchema() {}

    /** The workload file format: the keys above and the rules across them. */
    public static final ConfigSchema SCHEMA = new ConfigSchema("workload file", FIELDS, RULES);

    /** Every key, in the order of the reference. */
    public static List<ConfigKey<?>> fields() {
        return SCHEMA.keys();
    }

    /** The key called {@code name}, if there is one. */
    public static Optional<ConfigKey<?>> field(String name) {
        return SCHEMA.key(name);
    }

    /** Every rule across keys, in the order they are checked. */
    public static List<ConfigRule> rules() {
        return SCHEMA.rules();
    }

    /** The keys a workload file may hold, in reference order (keys not supported yet left out). */
    public static List<String> allowedKeys() {
        return SCHEMA.allowedKeys();
    }

    private static boolean isMaxRateSearch(ConfigValues values) {
        return values.given(PRODUCER_RATE) && values.get(PRODUCER_RATE) == 0;
    }

    private static ConfigKey<RatePlan> ratePlanField(ConfigValues values) {
        return values.given(PRODUCER_RATE_STEPS)
                ? PRODUCER_RATE_STEPS
                : values.given(PRODUCER_RATE_RAMP) ? PRODUCER_RATE_RAMP : null;
    }

    /** The workload's rate plan, or {@code null} when it gives one rate. */
    static RatePlan ratePlan(ConfigValues values) {
        ConfigKey<RatePlan> field = ratePlanField(values);
        return field == null ? null : values.get(field);
    }

    private static long consumersTotal(ConfigValues values) {
        long topics = usesExistingTopics(values)
                ? values.get(EXISTING_TOPIC_LIST).size()
                        + values.get(EXISTING_CONSUME_TOPIC_LIST).size()
                : values.get(TOPICS);
        return topics * values.get(SUBSCRIPTIONS_PER_TOPIC) * values.get(CONSUMER_PER_SUBSCRIPTION);
    }

    /**
     * Messages each producer sends in the measured phase at a fixed {@code producerRate}; infinite when the
     * rate is a search or a plan, there is no producer, or no measured phase.
     */
    private static double messagesPerProducer(ConfigValues values) {
        Duration test = values.get(TEST_DURATION);
        if (!values.given(PRODUCER_RATE)
                || isMaxRateSearch(values)
                || test == null
                || test.isZero()
                || producersTotal(values) == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return values.get(PRODUCER_RATE) / producersTotal(values) * (test.toNanos() / 1e9);
    }

    /** The highest target rate ÷ producers; 0 for a search, without producers or without a rate. */
    private static double highestRatePerProducer(ConfigValues values) {
        long producers = producersTotal(values);
        return producers == 0 ? 0 : highestRate(values) / producers;
    }

    private static double highestRate(ConfigValues values) {
        RatePlan plan = ratePlan(values);
        if (plan != null) {
            return plan.steps().stream()
                    .mapToDouble(RatePlan.Step::rateMsgPerSec)
                    .max()
                    .orElse(0);
        }
        return values.given(PRODUCER_RATE) ? values.get(PRODUCER_RATE) : 0;
    }

    private static String highestRateShown(ConfigValues values) {
        ConfigKey<RatePlan> plan = ratePlanField(values);
        return plan == null
                ? values.show(PRODUCER_RATE)
                : plan.name() + "'s highest rate " + String.format(java.util.Locale.ROOT, "%.3g", highestRate(values))
                        + " msg/s";
    }

    private static long producersTotal(ConfigValues values) {
        long topics = usesExistingTopics(values)
                ? values.get(EXISTING_TOPIC_LIST).size()
                        + values.get(EXISTING_PRODUCE_TOPIC_LIST).size()
                : values.get(TOPICS);
        return topics * values.get(PRODUCERS_PER_TOPIC);
    }

    private static boolean usesExistingTopics(ConfigValues values) {
        return !values.get(EXISTING_TOPIC_LIST).isEmpty()
                || !values.get(EXISTING_PRODUCE_TOPIC_LIST).isEmpty()
                || !values.get(EXISTING_CONSUME_TOPIC_LIST).isEmpty();
    }

    private static String existingListsShown(ConfigValues values) {
        return List.of(EXISTING_TOPIC_LIST, EXISTING_PRODUCE_TOPIC_LIST, EXISTING_CONSUME_TOPIC_LIST).stream()
                .filter(values::given)
                .map(field -> field.name() + " on " + values.entry(field).place())
                .collect(Collectors.joining(", "));
    }

    /** The text of {@code docs/workload-reference.md}. */
    public static String referenceMarkdown() {
        StringBuilder doc = new StringBuilder();
        doc.append("# Workload file reference\n\n")
                .append("<!-- Generated from benchmark-core/src/main/java/io/openmessaging/benchmark/workload/")
                .append("WorkloadSchema.java: do not edit by hand. Regenerate with\n")
                .append("     mvn -q -pl benchmark-core -am test -Dtest=WorkloadReferenceDocTest")
                .append(" -Dsurefire.failIfNoSpecifiedTests=false -DregenerateDocs=true -->\n\n")
                .append("A workload file is one YAML mapping of the keys below. It says what to run (topics,")
                .append(" partitions, producers, consumers, message size, rate, durations); the driver file says")
                .append(" which system to run it on. Examples: [`workloads/`](../workloads/).\n\n")
                .append("Upstream OpenMessaging Benchmark workload files load unchanged and keep their meaning.")
                .append(" Checking is strict where upstream was silent: an unknown key, a value of the wrong type")
                .append(" or out of range, a misspelt enum value or an impossible combination is an error that")
                .append(" names the file, line, column and key, what was found and what is allowed. Check files")
                .append(" without running them with `bin/benchmark validate <files>`.\n\n")
                .append("## Durations\n\n")
                .append("`warmupDuration` and `testDuration` take durations as text: whole numbers with a unit,")
                .append(" largest unit first, e.g. `500ms`, `30s`, `2m`, `1h30m` (units `h`, `m`, `s`, `ms`;")
                .append(" a bare `0` is allowed too). Upstream's `warmupDurationMinutes` and")
                .append(" `testDurationMinutes` (whole minutes) still work; giving both forms of the same")
                .append(" setting is an error. `testDuration: 0` runs the measured phase until the benchmark is")
                .append(" stopped; the warm-up still runs first and its statistics are discarded.\n\n")
                .append("## Defaults\n\n")
                .append("A key left out takes the default below; a key written with no value (`key:`) is an")
                .append(" error rather than a silent default. Keys marked *required* have no default: upstream's")
                .append(" defaults for them (0 producers, `producerRate: 0` = max-rate search, a test that never")
                .append(" ends) turned a forgotten line into a different benchmark. Subscriptions and consumers")
                .append(" keep upstream's default of 0, which makes a producer-only run. The warm-up defaults")
                .append(" to 1 minute as upstream (the Redpanda fork uses 30).\n\n")
                .append("## Keys\n\n")
                .append(KeyReference.keyTable(SCHEMA));
        doc.append("\n## Rules across keys\n\n");
        doc.append(KeyReference.ruleList(SCHEMA));
        doc.append("\nThe totals are `topics` × `producersPerTopic` producers and `topics` ×")
                .append(" `subscriptionsPerTopic` × `consumerPerSubscription` consumers; with existing topics,")
                .append(" the topics of `existingTopicList` and `existingProduceTopicList` count for producers and")
                .append(" those of `existingTopicList` and `existingConsumeTopicList` for consumers.\n");
        String notSupported = KeyReference.notSupportedList(SCHEMA);
        if (!notSupported.isEmpty()) {
            doc.append("\n## Keys not supported yet\n\n")
                    .append("These keys of the forks are recognised and rejected with an error instead of being")
                    .append(" ignored:\n\n")
                    .append(notSupported);
        }
        return doc.toString();
    }

    /**
     * Writes {@link #referenceMarkdown()} to the file given as the only argument, or to {@code
     * docs/workload-reference.md} under the current directory.
     */
    public static void main(String[] args) throws IOException {
        Path target = Path.of(args.length > 0 ? args[0] : "docs/workload-reference.md");
        if (target.getParent() != null) {
            Files.createDirectories(target.getParent());
        }
        Files.writeString(target, referenceMarkdown(), StandardCharsets.UTF_8);
    }
}
