package io.openmessaging.benchmark.bench.floor;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.schedule.WakeRule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * What every system's floor shares: the command line ({@link FloorOptions}), the driver file read and
 * handed to the system's own parser, one thread per producer with the paced send loop, the counters,
 * the drain at the end, the summary line and the exit code. A system's floor ({@link KafkaFloor},
 * {@link PulsarFloor}, {@link RabbitMqFloor}) supplies only its client calls: {@link #start}, {@link
 * #sender} and {@link #stop}.
 *
 * <p>The paced loop: message {@code i} of a producer is due at {@code start + i / rate}; the thread
 * parks until it is due (and, like the benchmark's producer thread, at least one wake interval after its
 * last deadline, so both wake equally often), and when late sends at once without resetting the
 * schedule (catch-up). Producer threads are named as the benchmark's ({@code producer-N}) so that
 * per-thread CPU lines up. The run lasts warm-up plus measured duration; CPU and memory are measured
 * from outside ({@code bin/perf-floor}).
 *
 * <p>Prints one line {@code floor: sent=… acknowledged=… failed=… received=…} and exits 0 when every
 * sent message was acknowledged and received and nothing failed, 1 otherwise, 2 on bad usage.
 */
abstract class FloorRun {

    static final long READY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long DRAIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    final FloorOptions options;
    final LongAdder sent = new LongAdder();
    final LongAdder acknowledged = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder received = new LongAdder();
    final LongAdder receivedBytes = new LongAdder();

    FloorRun(FloorOptions options) {
        this.options = options;
    }

    /** A system's parser of the driver file: the driver module's own, so the client settings are the tool's. */
    @FunctionalInterface
    interface DriverFileParser<C> {
        C parse(String yaml, String sourceName) throws DriverException;
    }

    /** Makes a system's floor from the options and the parsed driver file. */
    @FunctionalInterface
    interface Factory<C> {
        FloorRun create(FloorOptions options, C config);
    }

    /** One producer's client, used by its producer thread only. */
    interface Sender extends AutoCloseable {
        /** Sends one message asynchronously; its completion counts {@link #acknowledged} or {@link #failed}. */
        void send(byte[] payload) throws Exception;

        /** Waits for the sends still in flight (bounded), then closes the client. */
        @Override
        void close() throws Exception;
    }

    /**
     * Creates the run's topics (and subscriptions), starts the consumers and returns once they are ready
     * to receive, within {@link #READY_TIMEOUT_NANOS}.
     *
     * @param runId a short random text that makes this run's names its own
     * @return the topics' names, one per {@link FloorOptions#topics()}
     */
    abstract List<String> start(String runId) throws Exception;

    /** A producer of {@code topic}, made on its producer thread. */
    abstract Sender sender(String topic) throws Exception;

    /** Stops the consumers, deletes what {@link #start} created when the tool does too, closes the clients. */
    abstract void stop() throws Exception;

    /**
     * The common {@code main}: parses the command line and the driver file (exit 2 with a one-line
     * reason when either is bad), runs, and exits with {@link #run}'s code.
     *
     * @param program the name in error messages and the usage, e.g. {@code kafka-floor}
     */
    static <C> void main(String program, String[] args, DriverFileParser<C> parser, Factory<C> factory)
            throws Exception {
        FloorRun floor;
        try {
            FloorOptions options = FloorOptions.parse(args);
            Path driver = options.driverFile();
            if (!Files.isRegularFile(driver)) {
                throw new IllegalArgumentException("--driver: no such file: " + driver);
            }
            C config = parser.parse(Files.readString(driver, StandardCharsets.UTF_8), driver.toString());
            floor = factory.create(options, config);
        } catch (IllegalArgumentException | DriverException e) {
            System.err.println(program + ": error: " + e.getMessage());
            System.err.println(FloorOptions.usage(program));
            System.exit(2);
            return;
        }
        System.exit(floor.run());
    }

    /** Starts, sends for warm-up plus duration, drains (at most 60 s), stops; 0 when every message arrived. */
    final int run() throws Exception {
        String runId = UUID.randomUUID().toString().substring(0, 8);
        try {
            List<String> topics = start(runId);
            long startNanos = System.nanoTime();
            long endNanos = startNanos + TimeUnit.SECONDS.toNanos(options.warmupSeconds() + options.durationSeconds());
            int producers = topics.size() * options.producersPerTopic();
            double ratePerProducer = (double) options.rate() / producers;
            byte[] payload = new byte[options.messageSize()];
            new SplittableRandom(1).nextBytes(payload);
            List<Thread> producerThreads = new ArrayList<>();
            for (String topic : topics) {
                for (int p = 0; p < options.producersPerTopic(); p++) {
                    Thread thread = new Thread(
                            () -> produce(topic, payload, ratePerProducer, startNanos, endNanos), "producer-" + p);
                    thread.start();
                    producerThreads.add(thread);
                }
            }
            for (Thread thread : producerThreads) {
                thread.join();
            }
            long drainDeadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
            while (received.sum() < sent.sum() && System.nanoTime() - drainDeadline < 0) {
                Thread.sleep(10);
            }
        } finally {
            stop();
        }
        long sentCount = sent.sum();
        System.out.printf(
                "floor: sent=%d acknowledged=%d failed=%d received=%d receivedBytes=%d%n",
                sentCount, acknowledged.sum(), failed.sum(), received.sum(), receivedBytes.sum());
        return failed.sum() == 0 && acknowledged.sum() == sentCount && received.sum() >= sentCount ? 0 : 1;
    }

    /** The paced send loop of one producer: park until due (one wake interval apart at least), catch up. */
    private void produce(String topic, byte[] payload, double ratePerProducer, long startNanos, long endNanos) {
        double gapNanos = 1e9 / ratePerProducer;
        long wakeIntervalNanos = TimeUnit.MICROSECONDS.toNanos(options.wakeIntervalMicros());
        long lastDeadlineNanos = startNanos - wakeIntervalNanos;
        try (Sender sender = sender(topic)) {
            for (long index = 0; ; index++) {
                long dueNanos = startNanos + (long) (index * gapNanos);
                if (dueNanos - endNanos >= 0) {
                    break;
                }
                long nowNanos = System.nanoTime();
                if (nowNanos - dueNanos < 0) {
                    long deadlineNanos = WakeRule.deadlineNanos(dueNanos, lastDeadlineNanos, wakeIntervalNanos);
                    FloorWait.parkUntil(deadlineNanos);
                    lastDeadlineNanos = deadlineNanos;
                }
                sender.send(payload);
                sent.increment();
            }
        } catch (Exception e) {
            System.err.println("floor: the producer of " + topic + " stopped: " + e);
            failed.increment();
        }
    }

    /** Waits until {@code ready} holds, at most {@link #READY_TIMEOUT_NANOS}; else fails naming {@code what}. */
    static void awaitReady(BooleanSupplier ready, String what) throws InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT_NANOS;
        while (!ready.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(what + " within 60 s");
            }
            Thread.sleep(10);
        }
    }
}
