package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.driver.Suggestions;
import io.openmessaging.benchmark.schedule.RatePlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
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

    /** The kinds of value a key takes. */
    public enum ValueType {
        TEXT("text"),
        INTEGER("integer"),
        NUMBER("number"),
        BOOLEAN("boolean"),
        ENUM("enum"),
        DURATION("duration"),
        TEXT_LIST("list of text"),
        /** A list or mapping read by the field's own converter (the rate plan keys). */
        STRUCTURED("structured"),
        /** A key of a fork that this benchmark recognises but does not implement yet: always an error. */
        NOT_SUPPORTED("not supported");

        private final String label;

        ValueType(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public static final Field<String> NAME = text("name")
            .defaultText("the file name without its extension")
            .meaning("Label of the workload, copied into the result. Result files are named after the workload"
                    + " file, not after this.")
            .build();

    public static final Field<Integer> TOPICS = integer("topics", "topics")
            .atLeast(0)
            .byDefault(0)
            .defaultText("*required* unless existing topics are given")
            .meaning("Number of topics created for the run. Leave it out (or 0) when the run uses existing topics"
                    + " (`existingTopicList` and its produce/consume forms).")
            .build();

    public static final Field<Integer> PARTITIONS_PER_TOPIC = integer("partitionsPerTopic", "partitions")
            .atLeast(1)
            .byDefault(0)
            .defaultText("*required* unless existing topics are given")
            .meaning("Partitions of each topic, passed to the driver when it creates the topic; some drivers"
                    + " restrict it (see the driver's guide). With existing topics it is the partition count every"
                    + " one of them must have (the run fails before sending if one differs); leave it out to accept"
                    + " any.")
            .build();

    public static final Field<KeyDistributorType> KEY_DISTRIBUTOR = enumeration(
                    "keyDistributor", KeyDistributorType.class)
            .byDefault(KeyDistributorType.NO_KEY)
            .meaning("Key of each message: `NO_KEY` sends none (the client spreads messages over partitions);"
                    + " `KEY_ROUND_ROBIN` takes keys in turn from a pool of 10,000 random keys (10 base64url"
                    + " characters each, one pool per producer); `RANDOM_NANO` draws a key of that pool uniformly at"
                    + " random for each message (upstream indexed the pool by nanoTime, which reaches only part of"
                    + " it on a coarse clock).")
            .build();

    public static final Field<Integer> MESSAGE_SIZE = integer("messageSize", "bytes")
            .atLeast(1)
            .defaultText("the size of `payloadFile`")
            .meaning("Payload size of every message. May be left out only when `payloadFile` is given; when both"
                    + " are given the file must be exactly this size.")
            .build();

    public static final Field<Boolean> USE_RANDOMIZED_PAYLOADS = bool("useRandomizedPayloads")
            .byDefault(false)
            .meaning("Send payloads from a pool of `randomizedPayloadPoolSize` payloads of `messageSize` bytes"
                    + " each, whose first `randomBytesRatio` × `messageSize` bytes are random and the rest zeros"
                    + " (to exercise compression). Excludes `payloadFile`.")
            .build();

    public static final Field<Double> RANDOM_BYTES_RATIO = number("randomBytesRatio", null)
            .atLeast(0)
            .atMost(1)
            .byDefault(0.0)
            .meaning("Share of each randomized payload that is random. Used only with `useRandomizedPayloads`.")
            .build();

    public static final Field<Integer> RANDOMIZED_PAYLOAD_POOL_SIZE = integer("randomizedPayloadPoolSize", "payloads")
            .atLeast(0)
            .byDefault(0)
            .meaning("Number of distinct randomized payloads; each message takes one at random. At least 1 when"
                    + " `useRandomizedPayloads` is true.")
            .build();

    public static final Field<String> PAYLOAD_FILE = text("payloadFile")
            .defaultText("none")
            .meaning("File whose bytes are the payload of every message (as upstream, e.g."
                    + " `payload/payload-1Kb.data`), or a directory whose files (hidden ones skipped) form the payload"
                    + " pool, each message taking one at random (as the Redpanda fork); the files must all have the"
                    + " same size. A relative path is looked up in the directory the benchmark is started in, then"
                    + " beside the workload file.")
            .build();

    public static final Field<Integer> SUBSCRIPTIONS_PER_TOPIC = integer("subscriptionsPerTopic", "subscriptions")
            .atLeast(0)
            .byDefault(0)
            .meaning("Subscriptions (consumer groups) per topic; each receives every message. 0 makes a"
                    + " producer-only run.")
            .build();

    public static final Field<Integer> PRODUCERS_PER_TOPIC = integer("producersPerTopic", "producers")
            .atLeast(1)
            .required()
            .meaning("Producers per topic; `producerRate` is split evenly among all of them. Upstream's default"
                    + " of 0 made a run that sends nothing, so the key is required here.")
            .build();

    public static final Field<Integer> CONSUMER_PER_SUBSCRIPTION = integer("consumerPerSubscription", "consumers")
            .atLeast(0)
            .byDefault(0)
            .meaning("Consumers in each subscription, sharing its partitions. 0 means nothing reads: a"
                    + " producer-only run, even when `subscriptionsPerTopic` is above 0 (as in upstream's"
                    + " `1-topic-3-partition-100b-3producers`).")
            .build();

    public static final Field<RatePlan> PRODUCER_RATE_STEPS = structured(
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

    public static final Field<RatePlan> PRODUCER_RATE_RAMP = structured(
                    "producerRateRamp", "mapping", RatePlanYaml::ramp)
            .defaultText("none")
            .allowed("`{from, to, duration, steps}`: from and to in msg/s above 0, duration above 0, steps 1 … 100000"
                    + " (default " + RatePlanYaml.DEFAULT_RAMP_STEPS + "); each step a whole number of sample periods")
            .expected("a mapping {from, to, duration, steps}")
            .meaning("A rate plan instead of `producerRate`: `steps` steps of equal length from `from` to `to`"
                    + " msg/s (evenly spaced, both ends included) over `duration`, e.g. `{from: 10000, to: 100000,"
                    + " duration: 5m, steps: 10}`; otherwise as `producerRateSteps`.")
            .build();

    public static final Field<Double> PRODUCER_RATE = number("producerRate", "messages per second")
            .atLeast(0)
            .requiredUnless(PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP)
            .meaning("Target rate of all producers together, in messages per second. 0 searches for the maximum"
                    + " sustainable rate first (docs/max-rate-search.md) and measures at the rate found. Required"
                    + " unless a rate plan is given: upstream silently searched when it was missing.")
            .build();

    public static final Field<Double> RATE_SEARCH_START_RATE = number("rateSearchStartRate", "messages per second")
            .atLeast(1)
            .byDefault(10_000.0)
            .meaning("With `producerRate: 0`: the first rate the max-rate search tries (it doubles from there while"
                    + " rates hold, and halves while they fail).")
            .build();

    public static final Field<Duration> RATE_SEARCH_SETTLE = duration("rateSearchSettle")
            .byDefault(Duration.ofSeconds(5))
            .meaning("With `producerRate: 0`: time at each rate tried before its window is measured.")
            .build();

    public static final Field<Duration> RATE_SEARCH_WINDOW = duration("rateSearchWindow")
            .byDefault(Duration.ofSeconds(10))
            .meaning("With `producerRate: 0`: time over which the achieved rates of each rate tried are measured;"
                    + " above 0.")
            .build();

    public static final Field<Double> RATE_SEARCH_PRECISION = number("rateSearchPrecision", null)
            .atLeast(0)
            .atMost(1)
            .byDefault(0.02)
            .meaning("With `producerRate: 0`: the search stops when the highest sustained and the lowest failed"
                    + " rate are within this fraction of each other (0.02: 2 %); above 0.")
            .build();

    public static final Field<Double> CONSUMER_BACKLOG_SIZE_GB = number("consumerBacklogSizeGB", "GiB")
            .atLeast(0)
            .byDefault(0.0)
            .meaning("Backlog to build, in GiB (2^30 bytes) of messages, summed over every subscription as"
                    + " upstream does. Above 0: after the warm-up the consumers pause (the driver's native pause)"
                    + " until subscriptions × sent − received messages reach this size while producers keep"
                    + " their rate, then resume; the measured phase holds the build, the drain and then"
                    + " `testDuration`. Fractions are allowed. See docs/backlog.md.")
            .build();

    public static final Field<Double> BACKLOG_DRAIN_RATIO = number("backlogDrainRatio", null)
            .atLeast(0)
            .atMost(1)
            .byDefault(1.0)
            .meaning("Share of the requested backlog that must be consumed for it to count as drained: the"
                    + " drain ends at (1 − ratio) × `consumerBacklogSizeGB`, but while producers run not below"
                    + " what consumers hold when caught up (100 ms of consumption at the workload rate, or the"
                    + " backlog before the pause if larger; upstream: 1000 messages). Below 1, the rest is left"
                    + " unconsumed at the end.")
            .build();

    public static final Field<Duration> WARMUP_DURATION = duration("warmupDuration")
            .byDefault(Duration.ofMinutes(1))
            .meaning("Warm-up before the measured phase, at the workload's rate; its statistics are discarded."
                    + " 0 skips it. Same as upstream's `warmupDurationMinutes`; give one or the other.")
            .build();

    public static final Field<Integer> WARMUP_DURATION_MINUTES = integer("warmupDurationMinutes", "minutes")
            .atLeast(0)
            .alternativeTo(WARMUP_DURATION)
            .meaning("Upstream's form of `warmupDuration`, in whole minutes.")
            .build();

    public static final Field<Duration> TEST_DURATION = duration("testDuration")
            .requiredUnless(PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP)
            .meaning("Length of the measured phase. 0 runs until the benchmark is stopped (Ctrl-C or SIGTERM;"
                    + " the results so far are written); the warm-up still comes first. Same as upstream's"
                    + " `testDurationMinutes`; give one or the other. Left out with a rate plan, whose steps set"
                    + " the length.")
            .build();

    public static final Field<Integer> TEST_DURATION_MINUTES = integer("testDurationMinutes", "minutes")
            .atLeast(0)
            .alternativeTo(TEST_DURATION)
            .meaning("Upstream's form of `testDuration`, in whole minutes.")
            .build();

    public static final Field<Integer> SAMPLE_RATE_MILLIS = integer("sampleRateMillis", "milliseconds")
            .atLeast(100)
            .byDefault(10_000)
            .meaning("Period of the throughput and latency samples (Redpanda fork's key; upstream always used"
                    + " 10 s).")
            .build();

    public static final Field<Integer> PRODUCER_WAKE_INTERVAL_MICROS = integer(
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

    public static final Field<Double> SEND_ERROR_ALLOWANCE_PERCENT = number("sendErrorAllowancePercent", "percent")
            .atLeast(0)
            .atMost(100)
            .byDefault(0.0)
            .meaning("Share of completed sends that may fail before the run counts as failed (this project's key)."
                    + " At the default 0, the first send error fails the run at once; above 0, the run fails as"
                    + " soon as more than this percentage of the sends completed so far have failed, and again at"
                    + " the end. Failed sends are always counted and recorded in the response times"
                    + " (docs/measurement.md).")
            .build();

    public static final Field<Boolean> CONSUMER_ONLY = bool("consumerOnly")
            .byDefault(false)
            .meaning("Confluent fork's mode: after the warm-up, build the backlog of `consumerBacklogSizeGB`"
                    + " with the consumers paused, stop the producers, then measure the consumers draining it:"
                    + " the measured phase is the drain (to empty, or to `backlogDrainRatio`), and"
                    + " `testDuration` is not used.")
            .build();

    public static final Field<List<String>> EXISTING_TOPIC_LIST = textList("existingTopicList")
            .meaning("Topics that already exist, used instead of creating `topics` new ones (Redpanda fork):"
                    + " producers write to and consumers read from each. Before anything is created the driver"
                    + " checks that each exists (and has `partitionsPerTopic` partitions when that is given), or the"
                    + " run fails naming the topic. Nothing is deleted afterwards.")
            .build();

    public static final Field<List<String>> EXISTING_PRODUCE_TOPIC_LIST = textList("existingProduceTopicList")
            .meaning("Existing topics only producers use (`producersPerTopic` each); given together with"
                    + " `existingConsumeTopicList` unless `existingTopicList` is given (Redpanda fork).")
            .build();

    public static final Field<List<String>> EXISTING_CONSUME_TOPIC_LIST = textList("existingConsumeTopicList")
            .meaning("Existing topics only consumers read (`subscriptionsPerTopic` × `consumerPerSubscription`"
                    + " each), e.g. filled by another application; given together with `existingProduceTopicList`"
                    + " unless `existingTopicList` is given (Redpanda fork).")
            .build();

    private static final List<Field<?>> FIELDS = List.of(
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
            CONSUMER_ONLY,
            EXISTING_TOPIC_LIST,
            EXISTING_PRODUCE_TOPIC_LIST,
            EXISTING_CONSUME_TOPIC_LIST);

    private static final Map<String, Field<?>> BY_NAME =
            FIELDS.stream().collect(Collectors.toMap(Field::name, field -> field, (a, b) -> a, LinkedHashMap::new));

    private static final List<Rule> RULES = List.of(
            new Rule(
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
            new Rule(
                    "`topics` and the existing-topic lists exclude each other: a run creates its topics or uses"
                            + " existing ones.",
                    List.of(TOPICS, EXISTING_TOPIC_LIST, EXISTING_PRODUCE_TOPIC_LIST, EXISTING_CONSUME_TOPIC_LIST),
                    values -> usesExistingTopics(values) && values.get(TOPICS) > 0,
                    values -> values.show(TOPICS) + " would create new topics, but existing ones are given ("
                            + existingListsShown(values) + "); remove topics, or the lists"),
            new Rule(
                    "Without `existingTopicList`, `existingProduceTopicList` and `existingConsumeTopicList` are"
                            + " given together.",
                    List.of(EXISTING_PRODUCE_TOPIC_LIST, EXISTING_CONSUME_TOPIC_LIST),
                    values -> values.get(EXISTING_TOPIC_LIST).isEmpty()
                            && values.get(EXISTING_PRODUCE_TOPIC_LIST).isEmpty()
                                    != values.get(EXISTING_CONSUME_TOPIC_LIST).isEmpty(),
                    values -> (values.get(EXISTING_PRODUCE_TOPIC_LIST).isEmpty()
                                    ? "existingConsumeTopicList (line "
                                            + values.entry(EXISTING_CONSUME_TOPIC_LIST)
                                                    .keyLine() + ") has no existingProduceTopicList"
                                    : "existingProduceTopicList (line "
                                            + values.entry(EXISTING_PRODUCE_TOPIC_LIST)
                                                    .keyLine() + ") has no existingConsumeTopicList")
                            + "; give both, or put topics used both ways in existingTopicList"),
            new Rule(
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
            new Rule(
                    "With a rate plan (`producerRateSteps` or `producerRateRamp`) the steps set the length of the"
                            + " measured phase: leave out `testDuration` and `testDurationMinutes`.",
                    List.of(TEST_DURATION, PRODUCER_RATE_STEPS, PRODUCER_RATE_RAMP),
                    values -> ratePlan(values) != null && values.given(TEST_DURATION),
                    values -> values.show(TEST_DURATION) + " conflicts with the rate plan, whose steps last "
                            + DurationText.format(ratePlan(values).totalDuration()) + " in total and set the length"
                            + " of the measured phase; remove "
                            + values.entry(TEST_DURATION).key()),
            new Rule(
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
            new Rule(
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
            new Rule(
                    "`rateSearchWindow` and `rateSearchPrecision` are above 0.",
                    List.of(RATE_SEARCH_WINDOW, RATE_SEARCH_PRECISION),
                    values -> values.get(RATE_SEARCH_WINDOW).isZero() || values.get(RATE_SEARCH_PRECISION) == 0,
                    values -> (values.get(RATE_SEARCH_WINDOW).isZero()
                                    ? values.show(RATE_SEARCH_WINDOW)
                                    : values.show(RATE_SEARCH_PRECISION))
                            + ": must be above 0, the search measures each"
                            + " rate over the window and stops at the precision (defaults 10s and 0.02)"),
            new Rule(
                    "`messageSize` is required unless `payloadFile` is given.",
                    List.of(MESSAGE_SIZE, PAYLOAD_FILE),
                    values -> !values.given(MESSAGE_SIZE) && !values.given(PAYLOAD_FILE),
                    values -> "messageSize is missing: give the size of each message in bytes (e.g. messageSize:"
                            + " 1024), or a payloadFile whose size is used"),
            new Rule(
                    "`useRandomizedPayloads: true` and `payloadFile` exclude each other.",
                    List.of(PAYLOAD_FILE, USE_RANDOMIZED_PAYLOADS),
                    values -> values.get(USE_RANDOMIZED_PAYLOADS) && values.given(PAYLOAD_FILE),
                    values -> values.show(USE_RANDOMIZED_PAYLOADS) + " and " + values.show(PAYLOAD_FILE)
                            + " both define the payload; keep one"),
            new Rule(
                    "`randomizedPayloadPoolSize` is at least 1 when `useRandomizedPayloads` is true.",
                    List.of(RANDOMIZED_PAYLOAD_POOL_SIZE, USE_RANDOMIZED_PAYLOADS),
                    values -> values.get(USE_RANDOMIZED_PAYLOADS) && values.get(RANDOMIZED_PAYLOAD_POOL_SIZE) < 1,
                    values -> "with " + values.show(USE_RANDOMIZED_PAYLOADS) + ", randomizedPayloadPoolSize must be"
                            + " at least 1 (the number of distinct payloads to build, e.g. 1000); found "
                            + values.show(RANDOMIZED_PAYLOAD_POOL_SIZE)),
            new Rule(
                    "`producerRate: 0` (max-rate search) cannot be combined with a backlog"
                            + " (`consumerBacklogSizeGB` above 0).",
                    List.of(PRODUCER_RATE, CONSUMER_BACKLOG_SIZE_GB),
                    values -> isMaxRateSearch(values) && values.get(CONSUMER_BACKLOG_SIZE_GB) > 0,
                    values -> values.show(PRODUCER_RATE) + " asks for the max-sustainable-rate search, which"
                            + " cannot be combined with a backlog (" + values.show(CONSUMER_BACKLOG_SIZE_GB)
                            + "); give a fixed producerRate in messages per second, or set"
                            + " consumerBacklogSizeGB: 0"),
            new Rule(
                    "A backlog (`consumerBacklogSizeGB` above 0) needs consumers: `subscriptionsPerTopic` and"
                            + " `consumerPerSubscription` at least 1.",
                    List.of(CONSUMER_BACKLOG_SIZE_GB, SUBSCRIPTIONS_PER_TOPIC, CONSUMER_PER_SUBSCRIPTION),
                    values -> values.get(CONSUMER_BACKLOG_SIZE_GB) > 0 && consumersTotal(values) == 0,
                    values -> values.show(CONSUMER_BACKLOG_SIZE_GB) + " needs consumers to build and drain the"
                            + " backlog, but there are none (" + values.show(SUBSCRIPTIONS_PER_TOPIC) + ", "
                            + values.show(CONSUMER_PER_SUBSCRIPTION) + ")"),
            new Rule(
                    "`consumerOnly: true` needs a backlog to drain (`consumerBacklogSizeGB` above 0).",
                    List.of(CONSUMER_ONLY, CONSUMER_BACKLOG_SIZE_GB),
                    values -> values.get(CONSUMER_ONLY) && values.get(CONSUMER_BACKLOG_SIZE_GB) == 0,
                    values -> values.show(CONSUMER_ONLY) + " builds a backlog, stops the producers and measures"
                            + " the consumers draining it, so it needs consumerBacklogSizeGB above 0, subscriptions"
                            + " and consumers; found " + values.show(CONSUMER_BACKLOG_SIZE_GB)),
            new Rule(
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
            new Rule(
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
            new Rule(
                    "At most 2,147,483,647 producers and consumers in total (`topics` × `producersPerTopic`,"
                            + " `topics` × `subscriptionsPerTopic` × `consumerPerSubscription`).",
                    List.of(TOPICS, PRODUCERS_PER_TOPIC, SUBSCRIPTIONS_PER_TOPIC, CONSUMER_PER_SUBSCRIPTION),
                    values -> producersTotal(values) > Integer.MAX_VALUE || consumersTotal(values) > Integer.MAX_VALUE,
                    values -> "too many clients: " + producersTotal(values) + " producers ("
                            + values.show(PRODUCERS_PER_TOPIC) + " per topic), " + consumersTotal(values)
                            + " consumers; at most " + Integer.MAX_VALUE + " of each"));

    private WorkloadSchema() {}

    /** Every key, in the order of the reference. */
    public static List<Field<?>> fields() {
        return FIELDS;
    }

    /** The key called {@code name}, if there is one. */
    public static Optional<Field<?>> field(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** Every rule across keys, in the order they are checked. */
    public static List<Rule> rules() {
        return RULES;
    }

    /** The keys a workload file may hold, in reference order (keys not supported yet left out). */
    public static List<String> allowedKeys() {
        return FIELDS.stream()
                .filter(field -> field.type() != ValueType.NOT_SUPPORTED)
                .map(Field::name)
                .toList();
    }

    private static boolean isMaxRateSearch(WorkloadValues values) {
        return values.given(PRODUCER_RATE) && values.get(PRODUCER_RATE) == 0;
    }

    private static Field<RatePlan> ratePlanField(WorkloadValues values) {
        return values.given(PRODUCER_RATE_STEPS)
                ? PRODUCER_RATE_STEPS
                : values.given(PRODUCER_RATE_RAMP) ? PRODUCER_RATE_RAMP : null;
    }

    /** The workload's rate plan, or {@code null} when it gives one rate. */
    static RatePlan ratePlan(WorkloadValues values) {
        Field<RatePlan> field = ratePlanField(values);
        return field == null ? null : values.get(field);
    }

    private static long consumersTotal(WorkloadValues values) {
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
    private static double messagesPerProducer(WorkloadValues values) {
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

    private static long producersTotal(WorkloadValues values) {
        long topics = usesExistingTopics(values)
                ? values.get(EXISTING_TOPIC_LIST).size()
                        + values.get(EXISTING_PRODUCE_TOPIC_LIST).size()
                : values.get(TOPICS);
        return topics * values.get(PRODUCERS_PER_TOPIC);
    }

    private static boolean usesExistingTopics(WorkloadValues values) {
        return !values.get(EXISTING_TOPIC_LIST).isEmpty()
                || !values.get(EXISTING_PRODUCE_TOPIC_LIST).isEmpty()
                || !values.get(EXISTING_CONSUME_TOPIC_LIST).isEmpty();
    }

    private static String existingListsShown(WorkloadValues values) {
        return List.of(EXISTING_TOPIC_LIST, EXISTING_PRODUCE_TOPIC_LIST, EXISTING_CONSUME_TOPIC_LIST).stream()
                .filter(values::given)
                .map(field -> field.name() + " on line " + values.entry(field).keyLine())
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
                .append("| Key | Type | Default | Allowed | Meaning |\n")
                .append("|---|---|---|---|---|\n");
        for (Field<?> field : FIELDS) {
            if (field.type() == ValueType.NOT_SUPPORTED) {
                continue;
            }
            doc.append("| `")
                    .append(field.name())
                    .append("` | ")
                    .append(field.typeText())
                    .append(" | ")
                    .append(field.defaultText())
                    .append(" | ")
                    .append(field.allowedText())
                    .append(" | ")
                    .append(field.meaning())
                    .append(" |\n");
        }
        doc.append("\n## Rules across keys\n\n");
        for (Rule rule : RULES) {
            doc.append("- ").append(rule.documentation()).append('\n');
        }
        doc.append("\nThe totals are `topics` × `producersPerTopic` producers and `topics` ×")
                .append(" `subscriptionsPerTopic` × `consumerPerSubscription` consumers; with existing topics,")
                .append(" the topics of `existingTopicList` and `existingProduceTopicList` count for producers and")
                .append(" those of `existingTopicList` and `existingConsumeTopicList` for consumers.\n");
        if (FIELDS.stream().anyMatch(field -> field.type() == ValueType.NOT_SUPPORTED)) {
            doc.append("\n## Keys not supported yet\n\n")
                    .append("These keys of the forks are recognised and rejected with an error instead of being")
                    .append(" ignored:\n\n");
            for (Field<?> field : FIELDS) {
                if (field.type() == ValueType.NOT_SUPPORTED) {
                    doc.append("- `")
                            .append(field.name())
                            .append("`: ")
                            .append(field.meaning())
                            .append('\n');
                }
            }
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

    /** A rule across keys, checked after every key has a valid value of its own. */
    public static final class Rule {

        private final String documentation;
        private final List<Field<?>> fields;
        private final Predicate<WorkloadValues> broken;
        private final Function<WorkloadValues, String> problem;

        private Rule(
                String documentation,
                List<Field<?>> fields,
                Predicate<WorkloadValues> broken,
                Function<WorkloadValues, String> problem) {
            this.documentation = documentation;
            this.fields = fields;
            this.broken = broken;
            this.problem = problem;
        }

        /** One sentence for the reference. */
        public String documentation() {
            return documentation;
        }

        /**
         * The problem with {@code values}, located at the first of the rule's keys the file gives, or
         * empty when the rule holds.
         */
        Optional<String> check(WorkloadValues values, String sourceName) {
            if (!broken.test(values)) {
                return Optional.empty();
            }
            YamlMapping.Entry where = fields.stream()
                    .filter(values::given)
                    .map(values::entry)
                    .findFirst()
                    .orElse(null);
            return Optional.of(
                    where == null
                            ? ConfigException.at(sourceName, 0, 0, problem.apply(values))
                            : ConfigException.at(
                                    sourceName, where.keyLine(), where.keyColumn(), problem.apply(values)));
        }
    }

    /** One key of the workload file. Immutable. */
    public static final class Field<T> {

        private final String name;
        private final ValueType type;
        private final Class<T> javaType;
        private final T defaultValue;
        private final String defaultText;
        private final boolean required;
        private final BigDecimal min;
        private final BigDecimal max;
        private final String unit;
        private final String meaning;
        private final Field<?> alternativeTo;
        private final List<Field<?>> requiredUnless;
        private final Converter<T> converter;
        private final String allowedOverride;
        private final String expectedOverride;

        private Field(Spec<T> spec) {
            this.name = spec.name;
            this.type = spec.type;
            this.javaType = spec.javaType;
            this.defaultValue = spec.defaultValue;
            this.defaultText = spec.defaultText;
            this.required = spec.required;
            this.min = spec.min;
            this.max = spec.max;
            this.unit = spec.unit;
            this.meaning = spec.meaning;
            this.alternativeTo = spec.alternativeTo;
            this.requiredUnless = List.copyOf(spec.requiredUnless);
            this.converter = spec.converter;
            this.allowedOverride = spec.allowed;
            this.expectedOverride = spec.expected;
        }

        /** Keys any of which, when given, make this required key optional. */
        public List<Field<?>> requiredUnless() {
            return requiredUnless;
        }

        /** The key as written in YAML. */
        public String name() {
            return name;
        }

        public ValueType type() {
            return type;
        }

        /** The value when the key is left out, or {@code null} when there is none. */
        public T defaultValue() {
            return defaultValue;
        }

        /** Whether a file must give this key (or its {@link #alternativeTo() other form}). */
        public boolean required() {
            return required;
        }

        /** One or two sentences on what the key does. */
        public String meaning() {
            return meaning;
        }

        /** For an upstream spelling of a setting, the key it is another form of. */
        public Optional<Field<?>> alternativeTo() {
            return Optional.ofNullable(alternativeTo);
        }

        /** The default as the reference shows it. */
        public String defaultText() {
            if (required) {
                return requiredUnless.isEmpty()
                        ? "*required*"
                        : "*required* without "
                                + requiredUnless.stream()
                                        .map(f -> "`" + f.name() + "`")
                                        .collect(Collectors.joining(" or "));
            }
            if (alternativeTo != null) {
                return "see `" + alternativeTo.name() + "`";
            }
            if (defaultText != null) {
                return defaultText;
            }
            return "`" + show(defaultValue) + "`";
        }

        /** The type as the reference shows it, with the unit. */
        public String typeText() {
            return unit == null ? type.label() : type.label() + " (" + unit + ")";
        }

        /** The allowed values as the reference shows them. */
        public String allowedText() {
            if (allowedOverride != null) {
                return allowedOverride;
            }
            return switch (type) {
                case TEXT -> "any text";
                case BOOLEAN -> "`true`, `false`";
                case ENUM ->
                    Arrays.stream(javaType.getEnumConstants())
                            .map(constant -> "`" + constant + "`")
                            .collect(Collectors.joining(", "));
                case DURATION -> "e.g. `500ms`, `30s`, `2m`, `1h30m`; at most `8760h` (one year)";
                case TEXT_LIST -> "a YAML list of distinct names, e.g. `[orders, payments]`";
                case NOT_SUPPORTED, STRUCTURED -> "none";
                default -> rangeText(false);
            };
        }

        /** What an error message says the key expects, e.g. {@code an integer number of bytes, at least 1}. */
        String expected() {
            if (expectedOverride != null) {
                return expectedOverride;
            }
            return switch (type) {
                case TEXT -> "text";
                case BOOLEAN -> "true or false";
                case ENUM ->
                    "one of "
                            + Arrays.stream(javaType.getEnumConstants())
                                    .map(Object::toString)
                                    .collect(Collectors.joining(", "));
                case DURATION -> "a duration such as 500ms, 30s, 2m or 1h30m";
                case TEXT_LIST -> "a list of distinct, non-empty names, e.g. [orders, payments]";
                case INTEGER -> "an integer number of " + unit + rangeText(true);
                case NUMBER -> (unit == null ? "a number" : "a number of " + unit) + rangeText(true);
                case NOT_SUPPORTED, STRUCTURED -> "nothing";
            };
        }

        private String rangeText(boolean inSentence) {
            if (min != null && max != null) {
                return (inSentence ? " from " : "") + plain(min) + (inSentence ? " to " : " … ") + plain(max);
            }
            if (min != null) {
                return (inSentence ? ", at least " : "≥ ") + plain(min);
            }
            return inSentence ? "" : "any";
        }

        /**
         * Converts the YAML value of this key.
         *
         * @throws InvalidValue saying what was found and what is allowed
         */
        T convert(YamlMapping.Entry entry) throws InvalidValue {
            if (type == ValueType.STRUCTURED) {
                return converter.convert(entry);
            }
            if (entry.kind() == YamlMapping.Kind.NULL) {
                throw new InvalidValue(
                        entry,
                        expected()
                                + (required || alternativeTo != null
                                        ? ""
                                        : "; leave the key out to get the default, "
                                                + defaultText().replace("`", "")));
            }
            if (type == ValueType.TEXT_LIST) {
                return javaType.cast(toTextList(entry));
            }
            if (entry.kind() == YamlMapping.Kind.MAPPING || entry.kind() == YamlMapping.Kind.LIST) {
                throw new InvalidValue(entry, expected());
            }
            Object value = switch (type) {
                case TEXT -> entry.text();
                case BOOLEAN -> toBoolean(entry);
                case ENUM -> toEnum(entry);
                case DURATION -> toDuration(entry);
                case INTEGER -> toInteger(entry);
                case NUMBER -> toNumber(entry);
                case TEXT_LIST, NOT_SUPPORTED, STRUCTURED ->
                    throw new IllegalStateException(name + " has no scalar values");
            };
            return javaType.cast(value);
        }

        private List<String> toTextList(YamlMapping.Entry entry) throws InvalidValue {
            if (entry.kind() != YamlMapping.Kind.LIST) {
                throw new InvalidValue(entry, expected());
            }
            @SuppressWarnings("unchecked")
            List<String> items = (List<String>) entry.value();
            List<String> names = new ArrayList<>(items.size());
            for (int i = 0; i < items.size(); i++) {
                String item = items.get(i);
                if (item == YamlMapping.NESTED_ITEM || item == null || item.isBlank()) {
                    throw new InvalidValue(
                            entry,
                            expected() + "; item " + (i + 1) + " is "
                                    + (item == YamlMapping.NESTED_ITEM ? "a nested list or mapping" : "empty"));
                }
                if (names.contains(item)) {
                    throw new InvalidValue(entry, expected() + "; '" + item + "' is listed twice");
                }
                names.add(item);
            }
            return List.copyOf(names);
        }

        private Boolean toBoolean(YamlMapping.Entry entry) throws InvalidValue {
            if (entry.value() instanceof Boolean flag) {
                return flag;
            }
            if (entry.text().equalsIgnoreCase("true") || entry.text().equalsIgnoreCase("false")) {
                return Boolean.valueOf(entry.text());
            }
            throw new InvalidValue(entry, expected());
        }

        private Object toEnum(YamlMapping.Entry entry) throws InvalidValue {
            List<String> names = new ArrayList<>();
            for (T constant : javaType.getEnumConstants()) {
                if (constant.toString().equals(entry.text())) {
                    return constant;
                }
                names.add(constant.toString());
            }
            throw new InvalidValue(entry, expected() + Suggestions.didYouMean(entry.text(), names));
        }

        private Duration toDuration(YamlMapping.Entry entry) throws InvalidValue {
            try {
                return DurationText.parse(entry.text());
            } catch (IllegalArgumentException e) {
                throw new InvalidValue(entry, expected() + "; " + e.getMessage());
            }
        }

        private Integer toInteger(YamlMapping.Entry entry) throws InvalidValue {
            BigDecimal value = toDecimal(entry);
            if (value.stripTrailingZeros().scale() > 0) {
                throw new InvalidValue(entry, expected() + " (a whole number)");
            }
            checkRange(entry, value);
            if (value.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
                throw new InvalidValue(entry, expected() + ", at most " + Integer.MAX_VALUE);
            }
            return value.intValueExact();
        }

        private Double toNumber(YamlMapping.Entry entry) throws InvalidValue {
            BigDecimal value = toDecimal(entry);
            checkRange(entry, value);
            double number = value.doubleValue();
            if (Double.isInfinite(number)) {
                throw new InvalidValue(entry, expected() + " (a finite number)");
            }
            return number;
        }

        private BigDecimal toDecimal(YamlMapping.Entry entry) throws InvalidValue {
            if (entry.value() instanceof Double number) {
                if (number.isNaN() || number.isInfinite()) {
                    throw new InvalidValue(entry, expected());
                }
                return BigDecimal.valueOf(number);
            }
            if (entry.value() instanceof Number number) {
                return new BigDecimal(number.toString());
            }
            if (entry.value() instanceof String text) {
                try {
                    return new BigDecimal(text.strip());
                } catch (NumberFormatException e) {
                    throw new InvalidValue(entry, expected());
                }
            }
            throw new InvalidValue(entry, expected());
        }

        private void checkRange(YamlMapping.Entry entry, BigDecimal value) throws InvalidValue {
            if ((min != null && value.compareTo(min) < 0) || (max != null && value.compareTo(max) > 0)) {
                throw new InvalidValue(entry, expected());
            }
        }

        private static String plain(BigDecimal number) {
            return number.stripTrailingZeros().toPlainString();
        }

        /** A value as the reference and messages show it: {@code 1m}, {@code 0} (not {@code 0.0}). */
        static String show(Object value) {
            if (value instanceof Duration duration) {
                return DurationText.format(duration);
            }
            if (value instanceof Double number) {
                return plain(BigDecimal.valueOf(number));
            }
            return String.valueOf(value);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A key's value that does not fit the key. The message names the key, the value and what is allowed. */
    static final class InvalidValue extends Exception {

        private static final long serialVersionUID = 1L;

        private final int line;
        private final int column;

        InvalidValue(YamlMapping.Entry entry, String expected) {
            super(entry.key() + ": found " + entry.found() + ", expected " + expected);
            this.line = entry.valueLine();
            this.column = entry.valueColumn();
        }

        /** A problem inside a list or mapping value, at {@code line}:{@code column}. */
        InvalidValue(int line, int column, String message) {
            super(message);
            this.line = line;
            this.column = column;
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }
    }

    /** Reads a {@link ValueType#STRUCTURED} value. */
    @FunctionalInterface
    interface Converter<T> {
        T convert(YamlMapping.Entry entry) throws InvalidValue;
    }

    @SuppressWarnings("unchecked")
    private static Spec<List<String>> textList(String name) {
        return new Spec<>(name, ValueType.TEXT_LIST, (Class<List<String>>) (Class<?>) List.class, null)
                .byDefault(List.of())
                .defaultText("none");
    }

    private static Spec<String> text(String name) {
        return new Spec<>(name, ValueType.TEXT, String.class, null);
    }

    private static Spec<Integer> integer(String name, String unit) {
        return new Spec<>(name, ValueType.INTEGER, Integer.class, unit);
    }

    private static Spec<Double> number(String name, String unit) {
        return new Spec<>(name, ValueType.NUMBER, Double.class, unit);
    }

    private static Spec<Boolean> bool(String name) {
        return new Spec<>(name, ValueType.BOOLEAN, Boolean.class, null);
    }

    private static <E extends Enum<E>> Spec<E> enumeration(String name, Class<E> type) {
        return new Spec<>(name, ValueType.ENUM, type, null);
    }

    private static Spec<Duration> duration(String name) {
        return new Spec<>(name, ValueType.DURATION, Duration.class, null);
    }

    private static <T> Spec<T> structured(String name, String unit, Converter<T> converter) {
        Spec<T> spec = new Spec<>(name, ValueType.STRUCTURED, null, unit);
        spec.converter = converter;
        return spec;
    }

    private static Field<Object> notSupported(String name, String what) {
        return new Spec<>(name, ValueType.NOT_SUPPORTED, Object.class, null)
                .defaultText("none")
                .meaning(what + " Topics are always created for the run here.")
                .build();
    }

    /** Collects a {@link Field}'s attributes while it is declared. */
    private static final class Spec<T> {

        private final String name;
        private final ValueType type;
        private final Class<T> javaType;
        private final String unit;
        private T defaultValue;
        private String defaultText;
        private boolean required;
        private BigDecimal min;
        private BigDecimal max;
        private String meaning;
        private Field<?> alternativeTo;
        private List<Field<?>> requiredUnless = List.of();
        private Converter<T> converter;
        private String allowed;
        private String expected;

        private Spec(String name, ValueType type, Class<T> javaType, String unit) {
            this.name = name;
            this.type = type;
            this.javaType = javaType;
            this.unit = unit;
        }

        Spec<T> byDefault(T value) {
            this.defaultValue = value;
            return this;
        }

        Spec<T> defaultText(String text) {
            this.defaultText = text;
            return this;
        }

        Spec<T> required() {
            this.required = true;
            return this;
        }

        /** Required unless the file gives one of {@code others}. */
        Spec<T> requiredUnless(Field<?>... others) {
            this.required = true;
            this.requiredUnless = List.of(others);
            return this;
        }

        Spec<T> allowed(String text) {
            this.allowed = text;
            return this;
        }

        Spec<T> expected(String text) {
            this.expected = text;
            return this;
        }

        Spec<T> atLeast(long value) {
            this.min = BigDecimal.valueOf(value);
            return this;
        }

        Spec<T> atMost(long value) {
            this.max = BigDecimal.valueOf(value);
            return this;
        }

        Spec<T> alternativeTo(Field<?> field) {
            this.alternativeTo = field;
            return this;
        }

        Spec<T> meaning(String text) {
            this.meaning = text;
            return this;
        }

        Field<T> build() {
            return new Field<>(this);
        }
    }
}
