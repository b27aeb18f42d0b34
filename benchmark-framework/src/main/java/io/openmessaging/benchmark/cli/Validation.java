package io.openmessaging.benchmark.cli;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.study.StudyLoader;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.PayloadFiles;
import io.openmessaging.benchmark.workload.PayloadSearch;
import io.openmessaging.benchmark.workload.Workload;
import io.openmessaging.benchmark.workload.WorkloadLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks workload, driver and study files without running anything ({@code bin/benchmark validate}). A
 * file with a top-level {@code study} key is a study file ({@link StudyLoader}: its keys, and its workload
 * and driver files present in its project directory). A file with a top-level {@code driver} or {@code
 * driverClass} key is a driver file: its framework keys are read and its driver parses the rest ({@code
 * configure}, no connection). Any other file is a workload. When both kinds are given, every driver is asked what its system would refuse in every
 * workload ({@link BenchmarkDriver#loadProblems}). What a driver file sets that runs but was likely meant
 * otherwise ({@link BenchmarkDriver#configWarnings}) is a warning, which leaves the file valid.
 */
public final class Validation {

    private static final Logger log = LoggerFactory.getLogger(Validation.class);

    private Validation() {}

    /**
     * What the check of some files found.
     *
     * @param problems one per bad file (each naming the file; several lines when the file has several
     *     problems), in the order given; empty when every file is good
     * @param warnings what the drivers said of their files that does not make them bad, each naming the
     *     file, in the order given
     */
    public record Findings(List<String> problems, List<String> warnings) {
        public Findings {
            problems = List.copyOf(problems);
            warnings = List.copyOf(warnings);
        }
    }

    /** Checks every file; a directory stands for the {@code .yaml} and {@code .yml} files directly in it. */
    public static Findings validate(List<Path> files, DriverRegistry registry) {
        return validate(files, registry, PayloadSearch.ofThisProcess());
    }

    /** As {@link #validate(List, DriverRegistry)}, looking for relative payload files where {@code search} says. */
    static Findings validate(List<Path> files, DriverRegistry registry, PayloadSearch search) {
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<Workload, Integer> workloads = new LinkedHashMap<>(); // each valid workload with its message size
        Map<DriverConfiguration, BenchmarkDriver> drivers = new LinkedHashMap<>();
        try {
            for (Path given : files) {
                List<Path> expanded;
                try {
                    expanded = expand(given);
                } catch (IOException e) {
                    problems.add(ConfigException.at(given.toString(), 0, 0, "cannot list the directory: " + e));
                    continue;
                }
                for (Path file : expanded) {
                    try {
                        check(file, registry, search, workloads, drivers, warnings);
                    } catch (ConfigException e) {
                        problems.add(e.getMessage());
                    }
                }
            }
            problems.addAll(checkPairs(workloads, drivers));
        } finally {
            drivers.forEach(Validation::close);
        }
        return new Findings(problems, warnings);
    }

    /**
     * What each valid driver file's system would refuse in each valid workload file, when both kinds were
     * given: a message above the client's size limit, a partition count the broker refuses.
     */
    private static List<String> checkPairs(
            Map<Workload, Integer> workloads, Map<DriverConfiguration, BenchmarkDriver> drivers) {
        List<String> problems = new ArrayList<>();
        for (BenchmarkDriver driver : drivers.values()) {
            workloads.forEach((workload, messageBytes) ->
                    problems.addAll(PayloadFiles.loadProblems(workload, messageBytes, driver)));
        }
        return problems;
    }

    private static List<Path> expand(Path given) throws IOException {
        if (!Files.isDirectory(given)) {
            return List.of(given);
        }
        try (Stream<Path> children = Files.list(given)) {
            return children.filter(child -> child.getFileName().toString().endsWith(".yaml")
                            || child.getFileName().toString().endsWith(".yml"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        }
    }

    private static void check(
            Path file,
            DriverRegistry registry,
            PayloadSearch search,
            Map<Workload, Integer> workloads,
            Map<DriverConfiguration, BenchmarkDriver> drivers,
            List<String> warnings)
            throws ConfigException {
        String text = WorkloadLoader.readText(file);
        String sourceName = file.toString();
        YamlMapping mapping = YamlMapping.read(text, sourceName);
        if (StudyLoader.isStudyFile(mapping)) {
            // its workload and driver files must exist in its project directory, each system have settings
            StudyLoader.load(file, search.installationRoot().orElse(search.currentDirectory()));
            return;
        }
        if (!mapping.has(DriverConfigurationLoader.DRIVER_KEY)
                && !mapping.has(DriverConfigurationLoader.DRIVER_CLASS_KEY)) {
            Workload workload = WorkloadLoader.parse(text, sourceName);
            // the run's own rule, against this JVM's heap (the run's, with the same HEAP_OPTS)
            String heapProblem =
                    PayloadFiles.heapProblem(workload, Runtime.getRuntime().maxMemory());
            if (heapProblem != null) {
                throw new ConfigException(heapProblem);
            }
            // a payload file gets the same checks as in a run: exists, regular, not empty, sizes agree
            workloads.put(workload, PayloadFiles.messageBytes(workload, search));
            return;
        }
        DriverConfiguration configuration = DriverConfigurationLoader.parse(text, sourceName, registry);
        BenchmarkDriver driver = registry.newConfiguredDriver(configuration);
        drivers.put(configuration, driver);
        warnings.addAll(driver.configWarnings());
    }

    private static void close(DriverConfiguration configuration, BenchmarkDriver driver) {
        try {
            driver.close();
        } catch (Exception e) {
            log.warn(
                    "Closing the {} driver after checking {} failed; the file itself is fine",
                    configuration.driverId(),
                    configuration.sourceName(),
                    e);
        }
    }
}
