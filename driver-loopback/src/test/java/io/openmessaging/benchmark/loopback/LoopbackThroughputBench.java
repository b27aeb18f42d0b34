package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.SendCallback;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many messages per second one producer thread pushes through the loopback driver: the ceiling
 * of an overhead benchmark. Not a unit test (surefire does not pick up {@code *Bench}); run it by hand:
 *
 * <pre>
 * mvn -q -pl driver-loopback -am package -DskipTests
 * mvn -q -pl driver-loopback dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp driver-loopback/target/classes:driver-loopback/target/test-classes:driver-api/target/classes:driver-api/target/test-classes:$(cat /tmp/cp.txt) \
 *     io.openmessaging.benchmark.loopback.LoopbackThroughputBench [messagesPerRound] [rounds]
 * </pre>
 *
 * Each scenario runs {@code rounds} rounds (the first ones warm up the JIT) and prints the median and
 * best round. Like the framework's producer thread, it sends the stamp as primitives.
 */
public final class LoopbackThroughputBench {

    private static final byte[] PAYLOAD = new byte[1024];

    private LoopbackThroughputBench() {}

    public static void main(String[] args) throws Exception {
        long messagesPerRound = args.length > 0 ? Long.parseLong(args[0]) : 20_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        System.out.printf(
                Locale.ROOT,
                "%s, %d cores, %,d messages per round, %d rounds%n",
                Runtime.version(),
                Runtime.getRuntime().availableProcessors(),
                messagesPerRound,
                rounds);

        run("immediate, no consumer", LoopbackConfig.defaults(), 0, messagesPerRound, rounds);
        run("immediate, 1 no-op consumer", LoopbackConfig.defaults(), 1, messagesPerRound, rounds);
        run(
                "scheduler (deliveryDelayMicros=1), 1 no-op consumer",
                LoopbackConfig.defaults().withDeliveryDelayMicros(1),
                1,
                Math.min(messagesPerRound, 2_000_000),
                rounds);
    }

    private static void run(String scenario, LoopbackConfig config, int consumers, long messages, int rounds)
            throws Exception {
        double[] messagesPerSecond = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            messagesPerSecond[round] = oneRound(config, consumers, messages);
        }
        double[] sorted = messagesPerSecond.clone();
        Arrays.sort(sorted);
        System.out.printf(
                Locale.ROOT,
                "%-55s median %,14.0f msg/s   best %,14.0f msg/s   rounds %s%n",
                scenario,
                sorted[rounds / 2],
                sorted[rounds - 1],
                Arrays.toString(
                        Arrays.stream(messagesPerSecond).mapToLong(Math::round).toArray()));
    }

    /** Sends {@code messages} and waits until every one was acknowledged and delivered; returns msg/s. */
    private static double oneRound(LoopbackConfig config, int consumers, long messages) throws Exception {
        LoopbackDriver driver = new LoopbackDriver(SystemClock.INSTANCE, config);
        driver.initialize();
        String topic = config.topicPrefix() + "-bench";
        driver.createTopics(List.of(new TopicSpec(topic, 1))).get();
        LongAdder received = new LongAdder();
        ConsumerCallback callback = LoopbackTestKit.receiving((stamp, size) -> received.increment());
        for (int i = 0; i < consumers; i++) {
            driver.createConsumer(topic, "bench", callback).get();
        }
        BenchmarkProducer producer = driver.createProducer(topic).get();
        AckCounter acks = new AckCounter();

        long startNanos = System.nanoTime();
        for (long i = 0; i < messages; i++) {
            producer.sendAsync(null, PAYLOAD, i, i, 1, i, acks);
        }
        long expectedDeliveries = consumers == 0 ? 0 : messages;
        while (acks.count() < messages || received.sum() < expectedDeliveries) {
            Thread.onSpinWait();
        }
        long elapsedNanos = System.nanoTime() - startNanos;
        driver.close();
        return messages / (elapsedNanos / (double) TimeUnit.SECONDS.toNanos(1));
    }

    /** A send callback as cheap as the framework's: one counter, written by one thread at a time. */
    private static final class AckCounter implements SendCallback {
        private volatile long acked;

        @Override
        public void sendCompleted(
                long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, Throwable error) {
            if (error != null) {
                throw new IllegalStateException("send failed", error);
            }
            acked = acked + 1;
        }

        long count() {
            return acked;
        }
    }
}
