package io.openmessaging.benchmark.study;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One published study, as its {@code study.yaml} describes it.
 *
 * @param name the study's short name, the name of its folder under {@code studies/}
 * @param title the publication's title
 * @param source who published it, where and when
 * @param setup what the study ran on
 * @param experiments what it ran, in file order
 * @param figures every figure it published that the file records, in file order
 * @param unpublished what the study measured but published only as a chart or not at all, per run
 * @param claims the study's qualitative results that a run can check
 * @param sourceName the file it was read from, for messages
 */
public record Study(
        String name,
        String title,
        String source,
        Setup setup,
        List<Experiment> experiments,
        List<Figure> figures,
        List<Unpublished> unpublished,
        List<Claim> claims,
        String sourceName) {

    public Study {
        experiments = List.copyOf(experiments);
        figures = List.copyOf(figures);
        unpublished = List.copyOf(unpublished);
        claims = List.copyOf(claims);
    }

    /**
     * Something the study measured in one experiment but did not publish as a number.
     *
     * @param experiment the experiment
     * @param system one of its systems
     * @param what what is missing, in words ("latency percentiles other than p99")
     * @param source where the publication shows it instead (a chart), or says nothing
     */
    public record Unpublished(String experiment, String system, String what, String source) {}

    /**
     * A qualitative result of the study that runs can check: an ordering of runs, or a bounded ratio of two.
     *
     * @param id unique in the study
     * @param text the claim in words
     * @param source where in the publication it is
     * @param metric what is compared
     * @param percentile the statistic of a latency, {@code null} for a rate
     * @param order {@code increasing} or {@code decreasing} for an ordering, {@code null} for a ratio
     * @param runs for an ordering, the runs ({@code EXPERIMENT/SYSTEM}) in order, at least two
     * @param of for a ratio, the run divided
     * @param over for a ratio, the run divided by
     * @param overPercentile for a ratio, the statistic of {@code over} (the claim's percentile unless it names another)
     * @param min the smallest ratio that holds the claim, or {@code null}
     * @param max the largest ratio that holds the claim, or {@code null}
     * @param varies the settings the claim is about ({@code driver.replicationFactor}), which its runs must differ
     *     in for it to be tested here; empty when the file names none
     */
    public record Claim(
            String id,
            String text,
            String source,
            Figure.Metric metric,
            Figure.Percentile percentile,
            Order order,
            List<String> runs,
            String of,
            String over,
            Figure.Percentile overPercentile,
            Double min,
            Double max,
            List<String> varies) {

        public Claim {
            runs = List.copyOf(runs);
            varies = List.copyOf(varies);
        }
    }

    /** How the runs of an ordering claim compare, each with the next (strictly). */
    public enum Order {
        increasing,
        decreasing
    }

    /** The {@code EXPERIMENT/SYSTEM} reference of a run. */
    public static String runReference(String experiment, String system) {
        return experiment + "/" + system;
    }

    /**
     * The published setup, as the study states it (text where the study gives text).
     *
     * @param hardware broker, client and other machines
     * @param brokers the number of broker nodes (the study's smallest cluster where it varied)
     * @param brokerNote how the broker count varied, or {@code null}
     * @param versions the version of each system (and of Java, where given), in file order
     * @param replication copies, acks, quorums
     * @param fsync when the brokers write to disk
     * @param disks the disks, their layout and speed
     * @param network the network between the machines, or {@code null}
     * @param runs duration, warm-up, repetitions, or {@code null}
     */
    public record Setup(
            String hardware,
            int brokers,
            String brokerNote,
            Map<String, String> versions,
            String replication,
            String fsync,
            String disks,
            String network,
            String runs) {

        public Setup {
            versions = Collections.unmodifiableMap(new LinkedHashMap<>(versions));
        }
    }

    /** The experiment called {@code experimentName}, if the study has one. */
    public Optional<Experiment> experiment(String experimentName) {
        return experiments.stream()
                .filter(experiment -> experiment.name().equals(experimentName))
                .findFirst();
    }

    /** The figures published for {@code experimentName}, in file order. */
    public List<Figure> figuresOf(String experimentName) {
        return figures.stream()
                .filter(figure -> figure.experiment().equals(experimentName))
                .toList();
    }

    /** Every system the experiments name, each once, in the order first named. */
    public List<String> systems() {
        return experiments.stream()
                .flatMap(experiment -> experiment.systems().stream())
                .distinct()
                .toList();
    }
}
