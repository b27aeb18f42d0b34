package io.openmessaging.benchmark.regression;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code bin/regression --matrix} runs: every case of the suite at every version of its system
 * ({@link RegressionVersions}), a fresh broker per system and version.
 *
 * <p>The entries come in <i>rounds</i>: round 1 is every case at the first listed version of its system,
 * round 2 at the second, and so on (a system with fewer versions drops out), suite order within a round;
 * cases without a broker run once, in round 1. So the brokers of different systems can start while
 * another system's cases run, and each system runs one version at a time (they share its ports).
 *
 * @param entries the cases at their versions, in the order they run
 */
public record RegressionMatrix(List<Entry> entries) {

    /**
     * One case at one broker version.
     *
     * @param suiteCase the suite's case
     * @param version the broker version to start; empty for a case without a broker
     */
    public record Entry(RegressionCase suiteCase, String version) {

        /** {@code <case>@<version>} ({@code <case>} without a broker): its results directory and baseline name. */
        public String id() {
            return version.isEmpty() ? suiteCase.name() : suiteCase.name() + "@" + version;
        }

        /** The case under its matrix name, as the judge and the baseline see it. */
        public RegressionCase asCase() {
            return new RegressionCase(
                    id(), suiteCase.broker(), suiteCase.driverFile(), suiteCase.workloadFile(), suiteCase.line());
        }
    }

    /**
     * Every case of {@code suite} at every version {@code versions} lists for its broker.
     *
     * @throws IllegalArgumentException when a case's system has no version in the file
     */
    public static RegressionMatrix expand(RegressionSuite suite, RegressionVersions versions) {
        Set<String> missing = new LinkedHashSet<>();
        int rounds = 1;
        for (RegressionCase regressionCase : suite.cases()) {
            if (regressionCase.needsBroker()) {
                int count = versions.of(regressionCase.broker()).size();
                if (count == 0) {
                    missing.add(regressionCase.broker() + " (case '" + regressionCase.name() + "')");
                }
                rounds = Math.max(rounds, count);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(versions.file() + " lists no version of " + String.join(", ", missing)
                    + "; add a line 'SYSTEM VERSION WHY' for it");
        }
        List<Entry> entries = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (RegressionCase regressionCase : suite.cases()) {
                if (!regressionCase.needsBroker()) {
                    if (round == 0) {
                        entries.add(new Entry(regressionCase, ""));
                    }
                    continue;
                }
                List<String> systemVersions = versions.of(regressionCase.broker());
                if (round < systemVersions.size()) {
                    entries.add(new Entry(regressionCase, systemVersions.get(round)));
                }
            }
        }
        return new RegressionMatrix(List.copyOf(entries));
    }
}
