package io.openmessaging.benchmark.regression;

/**
 * One case of the regression suite: a workload run with a driver against one local broker.
 *
 * @param name the case's name: its result subdirectory and its baseline file ({@code <name>.json})
 * @param broker the {@code bin/local-broker} system it needs ({@code kafka}, {@code pulsar},
 *     {@code rabbitmq}), or {@code none} for drivers without a broker (loopback)
 * @param driverFile the driver YAML, relative to the project root
 * @param workloadFile the workload YAML, relative to the project root
 * @param line the suite file's line that declares it
 */
public record RegressionCase(String name, String broker, String driverFile, String workloadFile, int line) {

    /** The {@code broker} value of cases that need no broker. */
    public static final String NO_BROKER = "none";

    /** Whether the case needs a broker started. */
    public boolean needsBroker() {
        return !NO_BROKER.equals(broker);
    }
}
