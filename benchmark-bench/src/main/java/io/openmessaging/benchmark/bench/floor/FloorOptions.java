package io.openmessaging.benchmark.bench.floor;

import java.nio.file.Path;

/**
 * The command line of a floor ({@link KafkaFloor}, {@link PulsarFloor}, {@link RabbitMqFloor}): the workload's shape
 * (as in a workload file) and the driver file whose client settings it uses.
 *
 * @param driverFile the driver YAML, the same file the benchmark runs with
 * @param topics topics
 * @param partitionsPerTopic partitions of each topic
 * @param messageSize payload bytes per message
 * @param rate messages per second over all producers
 * @param producersPerTopic producers of each topic
 * @param consumersPerTopic consumers of each topic (one subscription)
 * @param warmupSeconds warm-up seconds (the floor sends through warm-up and measured time alike)
 * @param durationSeconds measured seconds
 * @param wakeIntervalMicros least time between two wake-ups of a producer thread (the benchmark's
 *     {@code producerWakeIntervalMicros})
 */
public record FloorOptions(
        Path driverFile,
        int topics,
        int partitionsPerTopic,
        int messageSize,
        long rate,
        int producersPerTopic,
        int consumersPerTopic,
        long warmupSeconds,
        long durationSeconds,
        long wakeIntervalMicros) {

    /** The one-line usage of the floor class {@code program}. */
    static String usage(String program) {
        return "usage: " + program + " --driver FILE [--topics N] [--partitions N] [--message-size BYTES]"
                + " [--rate MSG_PER_SEC] [--producers N] [--consumers N] [--warmup-seconds S] [--duration-seconds S]"
                + " [--wake-interval-micros US]   (defaults 1, 16, 1024, 10000, 1, 1, 60, 120, 100)";
    }

    /**
     * Parses {@code --name value} pairs.
     *
     * @throws IllegalArgumentException naming the option, the value and what is allowed
     */
    public static FloorOptions parse(String... args) {
        Path driver = null;
        long[] values = {1, 16, 1024, 10_000, 1, 1, 60, 120, 100};
        String[] names = {
            "--topics",
            "--partitions",
            "--message-size",
            "--rate",
            "--producers",
            "--consumers",
            "--warmup-seconds",
            "--duration-seconds",
            "--wake-interval-micros"
        };
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + name + " needs a value");
            }
            String value = args[i + 1];
            if (name.equals("--driver")) {
                driver = Path.of(value);
                continue;
            }
            int index = indexOf(names, name);
            if (index < 0) {
                throw new IllegalArgumentException("unknown option '" + name + "'");
            }
            long least = name.equals("--wake-interval-micros") || name.equals("--warmup-seconds") ? 0 : 1;
            long parsed;
            try {
                parsed = Long.parseLong(value);
            } catch (NumberFormatException e) {
                parsed = -1;
            }
            if (parsed < least || (index < 6 && index != 3 && parsed > Integer.MAX_VALUE)) {
                throw new IllegalArgumentException(
                        name + " must be a whole number " + (least == 0 ? ">= 0" : "> 0") + ", got '" + value + "'");
            }
            values[index] = parsed;
        }
        if (driver == null) {
            throw new IllegalArgumentException("--driver FILE is required (the driver YAML the benchmark runs with)");
        }
        return new FloorOptions(
                driver,
                (int) values[0],
                (int) values[1],
                (int) values[2],
                values[3],
                (int) values[4],
                (int) values[5],
                values[6],
                values[7],
                values[8]);
    }

    private static int indexOf(String[] names, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
