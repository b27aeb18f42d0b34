package io.openmessaging.benchmark.studyrun;

import io.openmessaging.benchmark.report.Numbers;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.study.Experiment;
import io.openmessaging.benchmark.study.Study;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every published setup fact one run of a study run did not meet, in words with both values: where the brokers
 * ran and how many, the rate, the durations, the versions, the copies each message had (Kafka's replication
 * factor, min.insync.replicas and acks, Pulsar's ensemble and quorums, RabbitMQ's mirrored queues), when the
 * brokers wrote to disk, the disks, and the broker settings applied or not. "Published" is the study file: its
 * setup and the experiment's driver file with its {@code set:} settings, which the file chose to match the
 * publication. A fact the run's record and result do not tell (the disks of a machine, the mirroring policy of a
 * given cluster) is named with "not recorded here" instead of being left out.
 */
final class SetupDifferences {

    /** A driver setting that carries a published setup fact, with its name in words. */
    private record Key(String key, String words) {}

    /** The driver settings that give the copies of a message, per system. */
    private static final Map<String, List<Key>> REPLICATION = Map.of(
            "kafka", kafkaReplication(),
            "redpanda", kafkaReplication(),
            "pulsar",
                    List.of(
                            new Key("client.persistence.ensembleSize", "ensemble"),
                            new Key("client.persistence.writeQuorum", "write quorum"),
                            new Key("client.persistence.ackQuorum", "ack quorum")));

    /** The driver settings that say when the brokers write to disk, per system. */
    private static final Map<String, List<Key>> FSYNC = Map.of(
            "kafka", kafkaFsync(),
            "redpanda", kafkaFsync(),
            "rabbitmq", List.of(new Key("messagePersistence", "persistent messages")));

    private static final Pattern JOURNAL_SYNC = Pattern.compile("journalSyncData\\s*=\\s*(\\w+)");
    private static final Pattern JAVA_MAJOR = Pattern.compile("^(?:1\\.)?(\\d+)");

    private SetupDifferences() {}

    private static List<Key> kafkaReplication() {
        return List.of(
                new Key("replicationFactor", "replication factor"),
                new Key("topicConfig.min.insync.replicas", "min.insync.replicas"),
                new Key("producerConfig.acks", "acks"));
    }

    /**
     * A run that produced at {@code --peak-fraction} of its system's peak instead of the experiment's own rate:
     * the fraction and the rate it gave, or {@code null}.
     */
    private static String peakFractionRate(StudyRunRecord record, StudyRunRecord.Run run, Experiment experiment) {
        if (record.peakFraction == null
                || run == null
                || experiment == null
                || experiment.peak()
                || experiment.peakExperiment() != null) {
            return null;
        }
        String rate = null;
        for (String setting : run.workloadSettings) {
            if (setting.startsWith("producerRate=")) {
                rate = setting.substring("producerRate=".length());
            }
        }
        return "rate " + (rate == null ? "" : rate + " msg/s, ") + Numbers.plain(record.peakFraction)
                + " of the peak this study run measured on " + run.system
                + ", instead of the experiment's own rate (--peak-fraction)";
    }

    private static List<Key> kafkaFsync() {
        return List.of(
                new Key("topicConfig.flush.messages", "flush.messages"), new Key("topicConfig.flush.ms", "flush.ms"));
    }

    /** The differences of {@code outcome}'s run from the study's setup, in the order of the study's setup. */
    static List<String> of(Study study, StudyRunRecord record, StudyComparison.RunOutcome outcome) {
        List<String> differences = new ArrayList<>();
        Study.Setup setup = study.setup();
        String system = outcome.system();
        TestResult result = outcome.result();
        StudyRunRecord.Run run = outcome.run();
        Experiment experiment = study.experiment(outcome.experiment()).orElse(null);
        boolean local = StudyRunRecord.LOCAL_BROKERS.equals(record.brokers);

        differences.add(brokers(setup, record, result, run));
        if (record.scale != null && record.scale != 1.0) {
            differences.add("rate × " + Numbers.plain(record.scale) + " (every fixed producer rate scaled)");
        }
        String peakRate = peakFractionRate(record, run, experiment);
        if (peakRate != null) {
            differences.add(peakRate);
        }
        String studyRuns = setup.runs() == null ? "" : "; the study: " + setup.runs();
        if (result != null && result.testDurationSeconds != null) {
            differences.add(duration(result.testDurationSeconds) + " measured"
                    + (result.warmupDurationSeconds == null
                            ? ""
                            : " after " + duration(result.warmupDurationSeconds) + " of warm-up")
                    + studyRuns);
        } else if (record.testDurationMinutes != null) {
            differences.add(duration(record.testDurationMinutes * 60) + " measured" + studyRuns);
        } else if (setup.runs() != null) {
            differences.add("measured duration not recorded here" + studyRuns);
        }

        String studyVersion = setup.versions().get(system);
        String brokerVersion = run == null ? null : run.brokerVersion;
        if (brokerVersion == null) {
            brokerVersion = brokerInfo(result, "brokerVersion", "version");
        }
        if (studyVersion != null) {
            if (brokerVersion == null) {
                differences.add(capitalized(system) + " " + studyVersion + " published; the broker's version not"
                        + " recorded here");
            } else if (!studyVersion.startsWith(brokerVersion)) {
                differences.add(capitalized(system) + " " + brokerVersion + " instead of " + studyVersion);
            }
        }
        String studyJava = setup.versions().get("java");
        if (studyJava != null) {
            String jvm = result == null || result.metadata == null ? null : result.metadata.jvm;
            if (jvm == null) {
                differences.add("Java " + studyJava + " published; not recorded here");
            } else if (!studyJava.equals(javaMajor(jvm))) {
                differences.add("Java " + studyJava + " published; " + jvm + " here (the benchmark's JVM; the"
                        + " broker's is not recorded)");
            }
        }
        if (result != null && result.metadata != null) {
            // the client libraries (kafka-clients, pulsar-client, …); a driver without one lists its settings there
            List<String> clients = result.metadata.clientVersions.entrySet().stream()
                    .filter(entry -> entry.getKey().contains("client"))
                    .map(entry -> entry.getKey() + " " + entry.getValue())
                    .toList();
            if (!clients.isEmpty()) {
                differences.add("client " + String.join(", ", clients));
            }
        }

        String here = local ? onLocalBroker(system) : "";
        String replication = system.equals("rabbitmq")
                ? rabbitMqReplication(setup, outcome, local, StudyRunRecord.LOCAL_HOSTS.equals(record.brokers))
                : keys(capitalized(system) + " ", REPLICATION.get(system), outcome, here);
        if (replication != null) {
            differences.add(replication);
        }
        String fsync = system.equals("pulsar")
                ? pulsarFsync(setup, experiment, run)
                : keys(capitalized(system) + " fsync: ", FSYNC.get(system), outcome, here);
        if (fsync != null) {
            differences.add(fsync);
        }
        differences.add("disks: " + head(setup.disks()) + " published; "
                + (local
                        ? "this machine's disk here, its type and speed not recorded"
                        : StudyRunRecord.LOCAL_HOSTS.equals(record.brokers)
                                ? "loop devices on this machine's disk here (simulated hosts), its type and speed not"
                                        + " recorded"
                                : "not recorded here"));

        if (run != null) {
            if (!run.brokerConfig.isEmpty()) {
                differences.add("broker settings applied: " + String.join(", ", run.brokerConfig));
            }
            if (run.brokerNotApplied != null) {
                differences.add("not applied to the broker: " + run.brokerNotApplied);
            }
        }
        return differences;
    }

    /** Where the brokers ran, against the study's brokers, machines and network. */
    private static String brokers(Study.Setup setup, StudyRunRecord record, TestResult result, StudyRunRecord.Run run) {
        String studyBrokers = setup.brokers() + " broker" + (setup.brokers() == 1 ? "" : "s") + " ("
                + head(setup.hardware()) + ")"
                + (setup.network() == null || setup.network().startsWith("None")
                        ? ""
                        : " over " + head(setup.network()));
        if (StudyRunRecord.LOCAL_BROKERS.equals(record.brokers)) {
            return "1 broker on loopback (127.0.0.1) instead of " + studyBrokers;
        }
        if (StudyRunRecord.LOCAL_HOSTS.equals(record.brokers)) {
            Integer count = run == null ? null : run.brokerCount;
            return (count == null ? "the brokers" : count + " broker" + (count == 1 ? "" : "s"))
                    + " on simulated hosts of this one machine (containers on one bridge, deployed with the"
                    + " project's playbook) instead of " + studyBrokers;
        }
        if (StudyRunRecord.GIVEN_BROKERS.equals(record.brokers)) {
            String count = brokerInfo(result, "brokerCount", "brokers");
            return count == null
                    ? "the brokers of the driver file (a given cluster; their number, machines and network not"
                            + " recorded) instead of " + studyBrokers
                    : "a given cluster of " + count + " broker" + ("1".equals(count) ? "" : "s")
                            + " (the driver file's; machines and network not recorded) instead of " + studyBrokers;
        }
        return "where the brokers ran is not recorded; the study: " + studyBrokers;
    }

    /**
     * One line for the driver settings {@code keys} when the run's differ from the study's: {@code Pulsar
     * ensemble 3, write quorum 3, ack quorum 2 published; 1/1/1 here on one standalone broker}; {@code null} when
     * they agree, the system has none, or the study's cannot be read.
     */
    private static String keys(String what, List<Key> keys, StudyComparison.RunOutcome outcome, String here) {
        Map<String, String> published = outcome.studyDriverSettings();
        Map<String, String> ran = outcome.effectiveDriverSettings();
        if (keys == null || published.isEmpty()) {
            return null;
        }
        List<String> publishedWords = new ArrayList<>();
        List<String> ranValues = new ArrayList<>();
        boolean differ = false;
        for (Key key : keys) {
            String publishedValue = published.get(key.key());
            String ranValue = ran.get(key.key());
            publishedWords.add(key.words() + " " + valueText(publishedValue));
            ranValues.add(valueText(ranValue));
            differ |= !sameValue(publishedValue, ranValue);
        }
        if (ran.isEmpty()) {
            return what + String.join(", ", publishedWords) + " published; not recorded here";
        }
        if (!differ) {
            return null;
        }
        return what + String.join(", ", publishedWords) + " published; " + String.join("/", ranValues) + " here" + here;
    }

    /**
     * RabbitMQ's copies: the study's words (mirrored or quorum queues over its nodes) against the queues of this
     * run on one local node, on the simulated hosts' cluster the playbook deployed, or on a given cluster whose
     * mirroring policy no file records.
     */
    private static String rabbitMqReplication(
            Study.Setup setup, StudyComparison.RunOutcome outcome, boolean local, boolean onSimulatedHosts) {
        String words = clause(setup.replication(), "rabbitmq");
        String publishedType = outcome.studyDriverSettings().get("queueType");
        String ranType = outcome.effectiveDriverSettings().get("queueType");
        String lower = words.toLowerCase(Locale.ROOT);
        boolean replicated =
                lower.contains("mirror") || lower.contains("quorum") || "QUORUM".equalsIgnoreCase(publishedType);
        String queues =
                ranType == null ? "queues of a type not recorded" : ranType.toLowerCase(Locale.ROOT) + " queues";
        if (replicated) {
            return "RabbitMQ " + words + " published; " + queues
                    + (local
                            ? " on one local node here, no copy on another node"
                            : onSimulatedHosts
                                    ? " here on the simulated hosts' cluster" + onTheDeployedCluster(ranType)
                                    : " here; the given cluster's nodes and mirroring policy not recorded");
        }
        if (publishedType != null && ranType != null && !publishedType.equalsIgnoreCase(ranType)) {
            return "RabbitMQ " + publishedType.toLowerCase(Locale.ROOT) + " queues published; " + queues + " here";
        }
        return null;
    }

    /**
     * What the project's playbook makes of a queue type: quorum queues replicated over the cluster's nodes, and
     * no mirroring policy for classic ones.
     */
    private static String onTheDeployedCluster(String ranType) {
        if (ranType == null) {
            return "";
        }
        return "QUORUM".equalsIgnoreCase(ranType)
                ? ", each replicated over its nodes"
                : ", not mirrored (the playbook sets no mirroring policy): each queue on one node, no copy on another";
    }

    /**
     * Pulsar's fsync, a bookie setting: named when the experiment gives no {@code journalSyncData} of its own
     * (then its {@code brokerConfig} lines say whether it was applied) and the run's broker settings do not say.
     */
    private static String pulsarFsync(Study.Setup setup, Experiment experiment, StudyRunRecord.Run run) {
        boolean experimentSets = experiment != null
                && experiment.brokerConfigOf("pulsar").stream()
                        .anyMatch(setting -> setting.startsWith("journalSyncData"));
        boolean runRecords =
                run != null && run.brokerConfig.stream().anyMatch(setting -> setting.startsWith("journalSyncData"));
        if (experimentSets || runRecords) {
            return null;
        }
        String words = clause(setup.fsync(), "pulsar");
        Matcher published = JOURNAL_SYNC.matcher(words);
        return "Pulsar fsync: " + words + " published; "
                + (published.find() ? "journalSyncData" : "the bookie's fsync setting")
                + " not recorded here (the broker's own setting)";
    }

    /** What {@code text} says of {@code system}: its sentence {@code System: …}, or the whole text. */
    static String clause(String text, String system) {
        for (String sentence : text.split("(?<=\\.)\\s+|;\\s+")) {
            String stripped = sentence.strip();
            int colon = stripped.indexOf(':');
            if (colon > 0 && stripped.substring(0, colon).strip().equalsIgnoreCase(system)) {
                String said = stripped.substring(colon + 1).strip();
                return said.endsWith(".") ? said.substring(0, said.length() - 1) : said;
            }
        }
        return text;
    }

    private static String onLocalBroker(String system) {
        return switch (system) {
            case "pulsar" -> " on one standalone broker";
            case "rabbitmq" -> " on one local node";
            default -> " on one local broker";
        };
    }

    private static String valueText(String value) {
        return value == null ? "default" : value;
    }

    private static boolean sameValue(String a, String b) {
        return Objects.equals(
                a == null ? null : a.toLowerCase(Locale.ROOT), b == null ? null : b.toLowerCase(Locale.ROOT));
    }

    /** A fact the driver learnt of the brokers: the first entry named {@code exact} or ending in {@code suffix}. */
    private static String brokerInfo(TestResult result, String suffix, String exact) {
        if (result == null || result.metadata == null) {
            return null;
        }
        for (Map.Entry<String, String> entry : result.metadata.brokerInfo.entrySet()) {
            if (entry.getKey().equals(exact) || entry.getKey().endsWith(suffix)) {
                return entry.getValue();
            }
        }
        return null;
    }

    /**
     * The major version of a JVM's description, vendor then version ({@code Eclipse Adoptium 17.0.13+11}: 17,
     * {@code … 1.8.0_392}: 8), or {@code null}.
     */
    static String javaMajor(String jvm) {
        String[] words = jvm.strip().split("\\s+");
        Matcher major = JAVA_MAJOR.matcher(words[words.length - 1]);
        return major.find() ? major.group(1) : null;
    }

    /** A duration as people say it: {@code 15 min}, {@code 20 s}, {@code 2.5 min}. */
    static String duration(double seconds) {
        double minutes = seconds / 60;
        if (Math.abs(minutes - Math.rint(minutes)) < 0.01 && minutes >= 1) {
            return Math.round(minutes) + " min";
        }
        return seconds < 120 ? Math.round(seconds) + " s" : Numbers.plain(Math.round(minutes * 10) / 10.0) + " min";
    }

    /** The text up to its first clause: before the first {@code ;} or {@code  (}. */
    private static String head(String text) {
        int end = text.length();
        for (String separator : List.of(";", " (")) {
            int at = text.indexOf(separator);
            if (at > 0) {
                end = Math.min(end, at);
            }
        }
        return text.substring(0, end);
    }

    private static String capitalized(String system) {
        return switch (system) {
            case "rabbitmq" -> "RabbitMQ";
            case "" -> system;
            default -> Character.toUpperCase(system.charAt(0)) + system.substring(1);
        };
    }
}
