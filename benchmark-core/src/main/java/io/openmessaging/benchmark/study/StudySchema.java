package io.openmessaging.benchmark.study;

import static io.openmessaging.benchmark.config.ConfigKey.bool;
import static io.openmessaging.benchmark.config.ConfigKey.enumeration;
import static io.openmessaging.benchmark.config.ConfigKey.integer;
import static io.openmessaging.benchmark.config.ConfigKey.number;
import static io.openmessaging.benchmark.config.ConfigKey.structured;
import static io.openmessaging.benchmark.config.ConfigKey.text;
import static io.openmessaging.benchmark.config.ConfigKey.textList;

import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigSchema;
import io.openmessaging.benchmark.config.InvalidValue;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.config.YamlNode;
import java.util.List;
import java.util.Map;

/**
 * The study file format ({@code studies/NAME/study.yaml}), declared once: the top-level keys, and the keys of
 * the setup, of each experiment, of each system's driver settings and of each figure, with type, allowed
 * values and meaning. {@link StudyLoader} reads files with it and checks what no single key can (files that
 * exist, names that refer to each other).
 */
public final class StudySchema {

    private StudySchema() {}

    // ---- top level ----

    public static final ConfigKey<String> STUDY = text("study")
            .required()
            .meaning("The study's short name, the name of its folder under studies/ (e.g. confluent-2020).")
            .build();

    public static final ConfigKey<String> TITLE =
            text("title").required().meaning("The publication's title.").build();

    public static final ConfigKey<String> SOURCE = text("source")
            .required()
            .meaning("Who published the study, where and when.")
            .build();

    public static final ConfigKey<YamlNode> SETUP = structured("setup", null, StudySchema::mapping)
            .required()
            .expected("a mapping with the keys " + String.join(", ", setupKeyNames()))
            .meaning("What the study ran on, as it states it.")
            .build();

    public static final ConfigKey<YamlNode> EXPERIMENTS = structured("experiments", null, StudySchema::list)
            .required()
            .expected("a list of experiments, each a mapping with name, workload, systems and drivers")
            .meaning("What the study ran: each a workload file of this repository on some systems, with the"
                    + " driver settings that match the study's.")
            .build();

    public static final ConfigKey<YamlNode> FIGURES = structured("figures", null, StudySchema::list)
            .required()
            .expected("a list of figures, each a mapping with id, experiment, system, metric, value, unit,"
                    + " configuration and source")
            .meaning("Every published figure the file records.")
            .build();

    public static final ConfigKey<YamlNode> UNPUBLISHED = structured("unpublished", null, StudySchema::list)
            .expected("a list, each a mapping with experiment, system, what and source")
            .meaning("What an experiment measured that the study published only as a chart or not at all; the"
                    + " report shows the measured value with 'not published as a number'.")
            .build();

    public static final ConfigKey<YamlNode> CLAIMS = structured("claims", null, StudySchema::list)
            .expected("a list, each a mapping with id, text, source, metric, percentile (for a latency) and one of"
                    + " increasing, decreasing or ratio")
            .meaning("The study's qualitative results that runs can check: an ordering of runs or a bounded"
                    + " ratio of two.")
            .build();

    /** The top level of a study file. */
    public static final ConfigSchema SCHEMA = new ConfigSchema(
            "study file", List.of(STUDY, TITLE, SOURCE, SETUP, EXPERIMENTS, FIGURES, UNPUBLISHED, CLAIMS), List.of());

    // ---- setup ----

    public static final ConfigKey<String> HARDWARE = text("hardware")
            .required()
            .meaning("Broker, client and other machines.")
            .build();
    public static final ConfigKey<Integer> BROKERS = integer("brokers", "broker nodes")
            .atLeast(1)
            .required()
            .meaning("Broker nodes (the smallest cluster where it varied; say how in brokerNote).")
            .build();
    public static final ConfigKey<String> BROKER_NOTE =
            text("brokerNote").meaning("How the broker count varied.").build();
    public static final ConfigKey<Map<String, String>> VERSIONS = structured("versions", null, StudySchema::versions)
            .required()
            .expected("a mapping of system to version, e.g. {kafka: \"2.6\"}")
            .meaning("The version of each system, and of Java where given.")
            .build();
    public static final ConfigKey<String> REPLICATION =
            text("replication").required().meaning("Copies, acks, quorums.").build();
    public static final ConfigKey<String> FSYNC =
            text("fsync").required().meaning("When the brokers write to disk.").build();
    public static final ConfigKey<String> DISKS = text("disks")
            .required()
            .meaning("The disks, their layout and speed.")
            .build();
    public static final ConfigKey<String> NETWORK =
            text("network").meaning("The network between the machines.").build();
    public static final ConfigKey<String> RUNS =
            text("runs").meaning("Duration, warm-up, repetitions.").build();

    /** The setup mapping. */
    public static final ConfigSchema SETUP_SCHEMA = new ConfigSchema(
            "study setup",
            List.of(HARDWARE, BROKERS, BROKER_NOTE, VERSIONS, REPLICATION, FSYNC, DISKS, NETWORK, RUNS),
            List.of());

    // ---- experiment ----

    public static final ConfigKey<String> NAME = text("name")
            .required()
            .meaning("The experiment's name, unique in the study.")
            .build();
    public static final ConfigKey<String> DESCRIPTION = text("description")
            .meaning("What the study measured, with which settings.")
            .build();
    public static final ConfigKey<String> WORKLOAD = text("workload")
            .required()
            .meaning("The workload file, relative to the project directory (e.g. workloads/…/x.yaml).")
            .build();
    public static final ConfigKey<List<String>> SYSTEMS = textList("systems")
            .required()
            .meaning("The systems it ran on, each a driver id (kafka, pulsar, rabbitmq, redpanda).")
            .build();
    public static final ConfigKey<YamlNode> DRIVERS = structured("drivers", null, StudySchema::mapping)
            .required()
            .expected("a mapping of each system to {file: DRIVER_FILE, set: [driver.KEY=VALUE, …]}")
            .meaning("The driver settings of each system: a driver file and --set style overrides.")
            .build();
    public static final ConfigKey<String> BROKER = text("broker")
            .meaning("What the brokers need that no client setting gives (a broker policy, a bookie setting).")
            .build();
    public static final ConfigKey<List<String>> OVERRIDES = textList("overrides")
            .meaning("Workload settings (KEY=VALUE) put over the workload file, as --set does.")
            .build();

    public static final ConfigKey<Map<String, List<String>>> BROKER_CONFIG = structured(
                    "brokerConfig", null, StudySchema::brokerConfig)
            .byDefault(Map.of())
            .defaultText("none")
            .expected("a mapping of system to a list of KEY=VALUE, e.g. {pulsar: [journalSyncData=false]}")
            .meaning("Broker settings (KEY=VALUE) per system, given to the broker study run --local-brokers starts"
                    + " (bin/local-broker SYSTEM start --config KEY=VALUE); recorded as not applied otherwise.")
            .build();
    public static final ConfigKey<Boolean> PEAK = bool("peak")
            .byDefault(false)
            .meaning("The study reports a peak: study run searches for the peak stable rate (producerRate 0)"
                    + " instead of producing at the workload's fixed rate, and does not scale it.")
            .build();
    public static final ConfigKey<String> PEAK_EXPERIMENT = text("peakExperiment")
            .meaning("An experiment of this study with peak: true on the same systems; with peakFraction, study run"
                    + " produces at that fraction of the peak it measured for the same system.")
            .build();
    public static final ConfigKey<Double> PEAK_FRACTION = number("peakFraction", null)
            .defaultText("none")
            .allowed("above 0, at most 1")
            .meaning("With peakExperiment: the fraction of its measured peak to produce at (e.g. 0.33).")
            .build();

    /** One experiment. */
    public static final ConfigSchema EXPERIMENT_SCHEMA = new ConfigSchema(
            "study experiment",
            List.of(
                    NAME,
                    DESCRIPTION,
                    WORKLOAD,
                    SYSTEMS,
                    DRIVERS,
                    BROKER,
                    BROKER_CONFIG,
                    OVERRIDES,
                    PEAK,
                    PEAK_EXPERIMENT,
                    PEAK_FRACTION),
            List.of());

    public static final ConfigKey<String> FILE = text("file")
            .required()
            .meaning("The driver file, relative to the project directory (e.g. driver-kafka/kafka-sync.yaml).")
            .build();
    public static final ConfigKey<List<String>> SET = textList("set")
            .meaning("Driver settings (driver.KEY=VALUE or driver.BLOCK.PROPERTY=VALUE) put over the file.")
            .build();

    /** One system's driver settings in an experiment. */
    public static final ConfigSchema DRIVER_SCHEMA =
            new ConfigSchema("study driver settings", List.of(FILE, SET), List.of());

    // ---- figure ----

    public static final ConfigKey<String> ID = text("id")
            .required()
            .meaning("The figure's id in the study's facts, unique in the study.")
            .build();
    public static final ConfigKey<String> EXPERIMENT = text("experiment")
            .required()
            .meaning("The experiment the figure belongs to.")
            .build();
    public static final ConfigKey<String> SYSTEM = text("system")
            .required()
            .meaning("The system the figure is about, one of its experiment's systems.")
            .build();
    public static final ConfigKey<Figure.Metric> METRIC = enumeration("metric", Figure.Metric.class)
            .required()
            .meaning("What was measured.")
            .build();
    public static final ConfigKey<Figure.Percentile> PERCENTILE = enumeration("percentile", Figure.Percentile.class)
            .defaultText("none")
            .meaning("The statistic of a latency figure; leave out for a rate.")
            .build();
    public static final ConfigKey<Double> VALUE = number("value", null)
            .required()
            .meaning("The published value; for a range its upper end (the larger change), as the facts give it.")
            .build();
    public static final ConfigKey<Double> VALUE_MIN = number("valueMin", null)
            .defaultText("none")
            .meaning("The other end of a published range.")
            .build();
    public static final ConfigKey<Boolean> APPROX = bool("approx")
            .byDefault(false)
            .meaning("The text says about, ~, almost or nearly.")
            .build();
    public static final ConfigKey<Figure.Bound> BOUND = enumeration("bound", Figure.Bound.class)
            .defaultText("none")
            .meaning("The text gives only a bound: upper (below X) or lower (above X).")
            .build();
    public static final ConfigKey<Figure.Unit> UNIT = enumeration("unit", Figure.Unit.class)
            .required()
            .meaning("The value's unit.")
            .build();
    public static final ConfigKey<String> CONFIGURATION = text("configuration")
            .required()
            .meaning("What was set when the figure was measured, in words.")
            .build();
    public static final ConfigKey<Boolean> UNCERTAIN = bool("uncertain")
            .byDefault(false)
            .meaning("The figure clashes with other text, or its attribution is unclear; give the reason.")
            .build();
    public static final ConfigKey<String> REASON =
            text("reason").meaning("Why the figure is uncertain.").build();
    public static final ConfigKey<String> FIGURE_SOURCE = text("source")
            .required()
            .meaning("Where in the publication the figure is (section, table).")
            .build();

    public static final ConfigKey<String> OF = text("of")
            .meaning("For a ratio: the run divided, as EXPERIMENT/SYSTEM (value x = of/over, value % = (of/over - 1)"
                    + " x 100).")
            .build();
    public static final ConfigKey<String> OVER = text("over")
            .meaning("For a ratio: the run divided by, as EXPERIMENT/SYSTEM.")
            .build();

    public static final ConfigKey<List<String>> VARIES = textList("varies")
            .meaning("The settings a ratio or a claim is about, each driver.KEY, workload.KEY or broker.KEY"
                    + " (driver.replicationFactor): where its runs came out equal in all of them, the report says"
                    + " 'not tested here' instead of a verdict.")
            .build();

    /** One figure. */
    public static final ConfigSchema FIGURE_SCHEMA = new ConfigSchema(
            "study figure",
            List.of(
                    ID,
                    EXPERIMENT,
                    SYSTEM,
                    METRIC,
                    PERCENTILE,
                    VALUE,
                    VALUE_MIN,
                    APPROX,
                    BOUND,
                    UNIT,
                    CONFIGURATION,
                    UNCERTAIN,
                    REASON,
                    FIGURE_SOURCE,
                    OF,
                    OVER,
                    VARIES),
            List.of());

    // ---- unpublished ----

    public static final ConfigKey<String> WHAT = text("what")
            .required()
            .meaning("What was measured but not published as a number.")
            .build();
    public static final ConfigKey<String> UNPUBLISHED_SOURCE = text("source")
            .required()
            .meaning("Where the publication shows it instead (a chart), or that it says nothing.")
            .build();

    /** One unpublished measurement. */
    public static final ConfigSchema UNPUBLISHED_SCHEMA = new ConfigSchema(
            "study unpublished measurement", List.of(EXPERIMENT, SYSTEM, WHAT, UNPUBLISHED_SOURCE), List.of());

    // ---- claim ----

    public static final ConfigKey<String> TEXT =
            text("text").required().meaning("The claim in words.").build();
    public static final ConfigKey<Figure.Metric> CLAIM_METRIC = enumeration("metric", Figure.Metric.class)
            .required()
            .meaning("What is compared: publishRate, publishLatency or endToEndLatency.")
            .build();
    public static final ConfigKey<List<String>> INCREASING = textList("increasing")
            .meaning("Runs (EXPERIMENT/SYSTEM) whose values rise strictly, each above the one before.")
            .build();
    public static final ConfigKey<List<String>> DECREASING = textList("decreasing")
            .meaning("Runs (EXPERIMENT/SYSTEM) whose values fall strictly, each below the one before.")
            .build();
    public static final ConfigKey<YamlNode> RATIO = structured("ratio", null, StudySchema::mapping)
            .expected("a mapping {of: EXPERIMENT/SYSTEM, over: EXPERIMENT/SYSTEM, min: X, max: Y}")
            .meaning("The value of one run over another's lies between min and max (either may be left out).")
            .build();

    /** One claim. */
    public static final ConfigSchema CLAIM_SCHEMA = new ConfigSchema(
            "study claim",
            List.of(ID, TEXT, FIGURE_SOURCE, CLAIM_METRIC, PERCENTILE, INCREASING, DECREASING, RATIO, VARIES),
            List.of());

    public static final ConfigKey<String> RATIO_OF = text("of")
            .required()
            .meaning("The run divided, as EXPERIMENT/SYSTEM.")
            .build();
    public static final ConfigKey<String> RATIO_OVER = text("over")
            .required()
            .meaning("The run divided by, as EXPERIMENT/SYSTEM.")
            .build();
    public static final ConfigKey<Double> RATIO_MIN = number("min", null)
            .defaultText("none")
            .meaning("The smallest ratio that holds the claim.")
            .build();
    public static final ConfigKey<Double> RATIO_MAX = number("max", null)
            .defaultText("none")
            .meaning("The largest ratio that holds the claim.")
            .build();

    public static final ConfigKey<Figure.Percentile> OVER_PERCENTILE = enumeration(
                    "overPercentile", Figure.Percentile.class)
            .defaultText("the claim's percentile")
            .meaning("The statistic of the run divided by, where it is not the claim's (p99.9 over p99 of one run).")
            .build();

    /** The ratio of a claim. */
    public static final ConfigSchema RATIO_SCHEMA = new ConfigSchema(
            "study claim ratio", List.of(RATIO_OF, RATIO_OVER, OVER_PERCENTILE, RATIO_MIN, RATIO_MAX), List.of());

    private static List<String> setupKeyNames() {
        return List.of(
                "hardware", "brokers", "brokerNote", "versions", "replication", "fsync", "disks", "network", "runs");
    }

    private static YamlNode mapping(YamlMapping.Entry entry) throws InvalidValue {
        if (entry.kind() != YamlMapping.Kind.MAPPING) {
            throw new InvalidValue(entry, "a mapping");
        }
        return entry.nested();
    }

    private static YamlNode list(YamlMapping.Entry entry) throws InvalidValue {
        if (entry.kind() != YamlMapping.Kind.LIST) {
            throw new InvalidValue(entry, "a list");
        }
        return entry.nested();
    }

    private static Map<String, List<String>> brokerConfig(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode node = mapping(entry);
        java.util.LinkedHashMap<String, List<String>> config = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, YamlNode> field : node.fields().entrySet()) {
            YamlNode value = field.getValue();
            String key = entry.key() + "." + field.getKey();
            if (value.kind() != YamlMapping.Kind.LIST) {
                throw new InvalidValue(
                        value.line(),
                        value.column(),
                        key + ": found " + value.found()
                                + ", expected a list of KEY=VALUE, e.g. [journalSyncData=false]");
            }
            List<String> settings = new java.util.ArrayList<>();
            for (YamlNode item : value.items()) {
                String text = item.text();
                int equals = text == null ? -1 : text.indexOf('=');
                if (equals < 1 || !text.substring(0, equals).strip().matches("[A-Za-z0-9_.-]+")) {
                    throw new InvalidValue(
                            item.line(),
                            item.column(),
                            key + ": '" + (text == null ? item.found() : text)
                                    + "' is no broker setting; write KEY=VALUE, e.g. journalSyncData=false");
                }
                settings.add(text.strip());
            }
            config.put(field.getKey(), List.copyOf(settings));
        }
        return java.util.Collections.unmodifiableMap(config);
    }

    private static Map<String, String> versions(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode node = mapping(entry);
        java.util.LinkedHashMap<String, String> versions = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, YamlNode> field : node.fields().entrySet()) {
            YamlNode value = field.getValue();
            if (value.kind() == YamlMapping.Kind.MAPPING
                    || value.kind() == YamlMapping.Kind.LIST
                    || value.kind() == YamlMapping.Kind.NULL) {
                throw new InvalidValue(
                        value.line(),
                        value.column(),
                        entry.key() + "." + field.getKey() + ": found " + value.found()
                                + ", expected a version as text, e.g. \"2.6\"");
            }
            versions.put(field.getKey(), value.text());
        }
        return versions;
    }
}
