package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.worker.DriverRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks workload and driver files without running anything ({@code bin/benchmark validate}). A
 * file with a top-level {@code driver} or {@code driverClass} key is a driver file: its framework
 * keys are read and its driver parses the rest ({@code configure}, no connection). Any other file is
 * a workload.
 */
public final class Validation {

    private static final Logger log = LoggerFactory.getLogger(Validation.class);

    private Validation() {}

    /**
     * Checks every file; a directory stands for the {@code .yaml} and {@code .yml} files directly in it.
     *
     * @return one problem per bad file (each naming the file; several lines when the file has several
     *     problems), in the order given; empty when every file is good
     */
    public static List<String> validate(List<Path> files, DriverRegistry registry) {
        List<String> problems = new ArrayList<>();
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
                    check(file, registry);
                } catch (ConfigException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        return problems;
    }

    private static List<Path> expand(Path given) throws IOException {
        if (!Files.isDirectory(given)) {
            return List.of(given);
        }
        try (Stream<Path> children = Files.list(given)) {
            return children
                    .filter(child -> child.getFileName().toString().endsWith(".yaml")
                            || child.getFileName().toString().endsWith(".yml"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        }
    }

    private static void check(Path file, DriverRegistry registry) throws ConfigException {
        String text = WorkloadLoader.readText(file);
        String sourceName = file.toString();
        YamlMapping mapping = YamlMapping.read(text, sourceName);
        if (!mapping.has(DriverConfigurationLoader.DRIVER_KEY)
                && !mapping.has(DriverConfigurationLoader.DRIVER_CLASS_KEY)) {
            WorkloadLoader.parse(text, sourceName);
            return;
        }
        DriverConfiguration configuration = DriverConfigurationLoader.parse(text, sourceName, registry);
        BenchmarkDriver driver = registry.newConfiguredDriver(configuration);
        try {
            driver.close();
        } catch (Exception e) {
            log.warn("Closing the {} driver after checking {} failed; the file itself is fine",
                    configuration.driverId(), sourceName, e);
        }
    }
}
