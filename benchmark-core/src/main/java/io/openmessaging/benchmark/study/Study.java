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
 * @param sourceName the file it was read from, for messages
 */
public record Study(
        String name,
        String title,
        String source,
        Setup setup,
        List<Experiment> experiments,
        List<Figure> figures,
        String sourceName) {

    public Study {
        experiments = List.copyOf(experiments);
        figures = List.copyOf(figures);
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
