package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Where, what and with which versions a run ran: enough to reproduce it and to tell two results apart.
 * Every field is ours; files of upstream and its forks have no metadata. Fields the coordinator could
 * not learn stay {@code null} (or empty). Not thread-safe.
 */
@JsonPropertyOrder({
    "projectVersion",
    "gitSha",
    "jvm",
    "os",
    "hostname",
    "availableProcessors",
    "driverName",
    "driverId",
    "driverFile",
    "driverYaml",
    "configWarnings",
    "workloadFile",
    "workloadYaml",
    "workloadFileYaml",
    "clientVersions",
    "brokerInfo",
    "driverCounters",
    "clockOffsets",
    "latencyPrecisionDigits",
    "producerWakeIntervalMicros",
    "beginTimeEpochMillis",
    "endTimeEpochMillis",
    "commandLine",
    "topology"
})
public class RunMetadata {

    /** Version of this benchmark (the Maven project version), as its build recorded it ({@link BuildIdentity}). */
    public String projectVersion;

    /**
     * Git commit this benchmark was built from, with {@code -dirty} when tracked files differed from it;
     * {@code null} when the build did not know ({@link BuildIdentity}: never the directory the run started in).
     */
    public String gitSha;

    /** The coordinator's JVM: vendor and runtime version, e.g. {@code Eclipse Adoptium 17.0.13+11}. */
    public String jvm;

    /** The coordinator's operating system: name, version and architecture. */
    public String os;

    /** The coordinator's host name. */
    public String hostname;

    /** Processors available to the coordinator's JVM. */
    public Integer availableProcessors;

    /** The driver configuration's {@code name}, as in {@link TestResult#driver}. */
    public String driverName;

    /** The id the driver implementation is registered under (its service-loader id). */
    public String driverId;

    /** Path of the driver YAML file as given on the command line. */
    public String driverFile;

    /** Full text of the driver YAML file. */
    public String driverYaml;

    /**
     * What the driver said of its file that did not stop the run, each naming the file, line and key: above
     * all client properties the client library does not define (e.g. a misspelt {@code linger.ms}); empty
     * when it said nothing, and in older files.
     */
    public List<String> configWarnings = new ArrayList<>();

    /** Path of the workload YAML file as given on the command line. */
    public String workloadFile;

    /**
     * The workload as it ran: the file's text, or, when {@code --set} changed it, that text with the entries
     * replaced commented out ({@code # (--set) …}) and the assignments appended (before this version, always
     * the file's text: read older files with the {@code --set} of {@link #commandLine} over it).
     */
    public String workloadYaml;

    /** The workload file's text as read, when {@code --set} changed it; {@code null} otherwise. */
    public String workloadFileYaml;

    /** Client library → version, e.g. {@code kafka-clients → 4.3.1}. */
    public TreeMap<String, String> clientVersions = new TreeMap<>();

    /** What the driver could learn about the brokers, e.g. {@code version → 4.0.0}; empty if nothing. */
    public TreeMap<String, String> brokerInfo = new TreeMap<>();

    /**
     * The driver's counters of trouble (e.g. {@code kafka.consumerFailures}, {@code rabbitmq.confirmNacks}), read
     * at the end of the run and summed over the workers; empty when the driver keeps none.
     */
    public TreeMap<String, Long> driverCounters = new TreeMap<>();

    /** The clock offset of every worker from the coordinator, with its error bound. */
    public List<ClockOffset> clockOffsets = new ArrayList<>();

    /** Significant decimal digits of every latency histogram (3 by default). */
    public Integer latencyPrecisionDigits;

    /**
     * Shortest time between two wake-ups of a producer thread, µs (the workload's {@code
     * producerWakeIntervalMicros}, its default when the file leaves it out); 0 woke for every message.
     */
    public Integer producerWakeIntervalMicros;

    /** Start of the run, epoch milliseconds (UTC). */
    public Long beginTimeEpochMillis;

    /** End of the run, epoch milliseconds (UTC). */
    public Long endTimeEpochMillis;

    /**
     * The command line as typed: {@code bin/benchmark} and then every argument exactly as given, one element
     * per argument, unquoted (no option added, dropped or reordered; a token appears only as its file's path,
     * {@code --token-file}, since no option takes a token's value).
     */
    public List<String> commandLine = new ArrayList<>();

    /** How the run's clients were placed on the workers, and how many; {@code null} in older files. */
    public RunTopology topology;

    /**
     * Metadata with the fields this JVM can answer by itself filled in: {@link #projectVersion} and
     * {@link #gitSha} (from the jar's {@link BuildIdentity}), {@link #jvm}, {@link #os}, {@link #hostname}
     * and {@link #availableProcessors}.
     */
    public static RunMetadata describingThisHost() {
        RunMetadata metadata = new RunMetadata();
        BuildIdentity build = BuildIdentity.ofThisBuild();
        metadata.projectVersion = BuildIdentity.UNKNOWN.equals(build.version()) ? null : build.version();
        metadata.gitSha = build.gitSha();
        metadata.jvm = System.getProperty("java.vm.vendor") + " " + Runtime.version();
        metadata.os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        metadata.hostname = localHostName();
        metadata.availableProcessors = Runtime.getRuntime().availableProcessors();
        return metadata;
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
