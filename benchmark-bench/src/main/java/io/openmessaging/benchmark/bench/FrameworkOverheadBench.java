package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.loopback.LoopbackConfig;
import io.openmessaging.benchmark.loopback.LoopbackDriver;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How much the framework itself costs per message: one producer thread of a {@link LocalWorker} sends
 * as fast as it can (its schedule is always due) through the in-memory loopback driver, which
 * acknowledges (and delivers) inline; every message is scheduled, stamped and recorded exactly as in a
 * real run.
 *
 * <p>Two configurations, each a warm-up round and then the measured rounds: the <b>producer path</b>
 * alone (a topic without subscriptions: schedule, send, acknowledgement, publish histograms), and the
 * same with <b>one consumer</b> whose callback records end-to-end latency, delivered inline on the
 * producer thread. Prints, per round, msg/s, process CPU nanoseconds per message, bytes the producer
 * thread allocates per message, and whether the accounting is exact (sent = acknowledged, and = received
 * with the consumer); then the medians, what recording into and snapshotting the histograms costs ({@link
 * HistogramCostBench}), what writing and reading a message stamp costs ({@link StampCodecCostBench}), and
 * what keeping every message's sequence number costs ({@link IdentityCostBench}).
 * Rates, CPU and allocation are measured over a steady-state window that starts one second after the
 * load, so thread start, class loading and first-use allocations (the recorders' arrays) are left out.
 * Run with {@code bin/bench-overhead [seconds-per-round] [rounds]}.
 */
public final class FrameworkOverheadBench {

    /** The producer thread {@link LocalWorker} starts for one producer. */
    private static final String PRODUCER_THREAD = "producer-0";

    private static final long STEADY_STATE_AFTER_MILLIS = 1000;

    /** The producer's rate once a round's window is measured, so that stopping it is quick. */
    private static final double DRAIN_RATE_MSG_PER_SEC = 1000;

    private FrameworkOverheadBench() {}

    public static void main(String[] args) throws Exception {
        int secondsPerRound = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf(
                Locale.ROOT,
                "one producer thread, 1 KiB payload, loopback driver (inline acks and"
                        + " deliveries); %d rounds of %d s after a warm-up round, per configuration%n",
                rounds,
                secondsPerRound);
        boolean exact = true;
        for (int consumers = 0; consumers <= 1; consumers++) {
            System.out.println(
                    consumers == 0
                            ? "producer path (no subscription: schedule, send, acknowledgement, publish histograms):"
                            : "producer path and one consumer (delivery and end-to-end histograms inline):");
            round(secondsPerRound, os, consumers); // JIT warm-up, discarded
            List<double[]> results = new ArrayList<>();
            for (int i = 1; i <= rounds; i++) {
                double[] r = round(secondsPerRound, os, consumers);
                results.add(r);
                System.out.printf(
                        Locale.ROOT,
                        "  round %d: %,12.0f msg/s  %6.1f ns CPU/msg  %6.2f bytes allocated/msg"
                                + " (producer thread)  exact accounting: %s%n",
                        i,
                        r[0],
                        r[1],
                        r[3],
                        r[2] == 1 ? "yes" : "NO");
            }
            boolean configurationExact = results.stream().allMatch(r -> r[2] == 1);
            exact &= configurationExact;
            System.out.printf(
                    Locale.ROOT,
                    "  median:  %,12.0f msg/s  %6.1f ns CPU/msg  %6.2f bytes allocated/msg"
                            + " (producer thread)  exact accounting in every round: %s%n",
                    median(results, 0),
                    median(results, 1),
                    median(results, 3),
                    configurationExact ? "yes" : "NO");
        }
        CacheEviction eviction = new CacheEviction();
        new HistogramCostBench(42, eviction).run();
        new StampCodecCostBench(eviction).run();
        new IdentityCostBench(eviction).run();
        if (!exact) {
            System.exit(1);
        }
    }

    private static double median(List<double[]> results, int index) {
        double[] sorted = results.stream().mapToDouble(r -> r[index]).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    /**
     * Returns {msg/s, process CPU ns per message, 1 if sent == acked == received else 0, bytes the
     * producer thread allocated per message}, the first two and the last over the steady-state window.
     */
    private static double[] round(int seconds, com.sun.management.OperatingSystemMXBean os, int consumers)
            throws Exception {
        LocalWorker worker = new LocalWorker(SystemClock.INSTANCE, HistogramSpec.DEFAULT);
        try {
            worker.initializeDriver(new LoopbackDriver(SystemClock.INSTANCE, LoopbackConfig.defaults()));
            List<TopicSpec> topics = worker.createTopics(1, 1);
            String topic = topics.get(0).name();
            if (consumers > 0) {
                worker.createConsumers(List.of(new ConsumerAssignment(topic, "sub-000-bench")));
            }
            worker.createProducers(List.of(new ProducerAssignment(topic, 0)));
            byte[] payload = new byte[1024];
            Arrays.fill(payload, (byte) 7);
            worker.startLoad(new LoadSpec(1e12, List.of(payload), KeyDistributorType.NO_KEY, 0), 1000);
            Thread.sleep(STEADY_STATE_AFTER_MILLIS);
            Thread producer = ThreadAllocation.named(PRODUCER_THREAD);
            long allocatedBefore = ThreadAllocation.allocatedBytes(producer);
            long sentBefore = worker.totals().messagesSent();
            long cpuBefore = os.getProcessCpuTime();
            long start = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            long allocated = ThreadAllocation.allocatedBytes(producer) - allocatedBefore;
            long sent = worker.totals().messagesSent() - sentBefore;
            long cpu = os.getProcessCpuTime() - cpuBefore;
            long elapsed = System.nanoTime() - start;
            // At a rate no thread reaches, the thread falls further behind its schedule every second, and
            // stopping sends every message due before the stop: a backlog that kept it busy until the
            // worker abandoned it, 10 s later. So slow the schedule first: from its next message (intended
            // just after the start) at 1,000 msg/s, a few thousand are due, sent at once.
            worker.adjustRate(DRAIN_RATE_MSG_PER_SEC);
            worker.stopLoad();
            Counters totals = worker.totals();
            long expectedReceived = consumers > 0 ? totals.messagesAcked() : 0;
            boolean exact = totals.messagesSent() == totals.messagesAcked()
                    && totals.messagesReceived() == expectedReceived
                    && totals.sendErrors() == 0;
            return new double[] {sent / (elapsed / 1e9), (double) cpu / sent, exact ? 1 : 0, (double) allocated / sent};
        } finally {
            worker.close();
        }
    }
}
