package io.openmessaging.benchmark.bench;

import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.loopback.LoopbackConfig;
import io.openmessaging.benchmark.loopback.LoopbackDriver;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.SystemClock;
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
 * as fast as it can (its schedule is always due) through the in-memory loopback driver, acknowledged
 * and delivered inline, to one consumer whose callback records end-to-end latency; every message is
 * stamped, scheduled, and recorded in all five histograms, exactly as in a real run.
 *
 * <p>Prints, per round, msg/s, process CPU nanoseconds per message, and whether the accounting is
 * exact (sent = acknowledged = received); then the medians. Run with {@code bin/bench-overhead
 * [seconds-per-round] [rounds]}.
 */
public final class FrameworkOverheadBench {

    private FrameworkOverheadBench() {}

    public static void main(String[] args) throws Exception {
        int secondsPerRound = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf(Locale.ROOT, "one producer thread, 1 KiB payload, loopback driver (inline acks and deliveries),"
                + " 1 consumer; %d rounds of %d s after a warm-up round%n", rounds, secondsPerRound);
        round(secondsPerRound, os); // JIT warm-up, discarded
        List<double[]> results = new ArrayList<>();
        for (int i = 1; i <= rounds; i++) {
            double[] r = round(secondsPerRound, os);
            results.add(r);
            System.out.printf(Locale.ROOT, "round %d: %,12.0f msg/s  %6.1f ns CPU/msg  exact accounting: %s%n",
                    i, r[0], r[1], r[2] == 1 ? "yes" : "NO");
        }
        double[] rates = results.stream().mapToDouble(r -> r[0]).sorted().toArray();
        double[] cpu = results.stream().mapToDouble(r -> r[1]).sorted().toArray();
        boolean exact = results.stream().allMatch(r -> r[2] == 1);
        System.out.printf(Locale.ROOT, "median: %,12.0f msg/s  %6.1f ns CPU/msg  exact accounting in every round: %s%n",
                rates[rates.length / 2], cpu[cpu.length / 2], exact ? "yes" : "NO");
        if (!exact) {
            System.exit(1);
        }
    }

    /** Returns {msg/s, process CPU ns per message, 1 if sent == acked == received else 0}. */
    private static double[] round(int seconds, com.sun.management.OperatingSystemMXBean os) throws Exception {
        LocalWorker worker = new LocalWorker(SystemClock.INSTANCE, HistogramSpec.DEFAULT);
        try {
            worker.initializeDriver(new LoopbackDriver(SystemClock.INSTANCE, LoopbackConfig.defaults()));
            List<TopicSpec> topics = worker.createTopics(1, 1);
            String topic = topics.get(0).name();
            worker.createConsumers(List.of(new ConsumerAssignment(topic, "sub-000-bench")));
            worker.createProducers(List.of(new ProducerAssignment(topic, 0)));
            byte[] payload = new byte[1024];
            Arrays.fill(payload, (byte) 7);
            long cpuBefore = os.getProcessCpuTime();
            long start = System.nanoTime();
            worker.startLoad(new LoadSpec(1e12, List.of(payload), KeyDistributorType.NO_KEY), 1000);
            Thread.sleep(seconds * 1000L);
            worker.stopLoad();
            long elapsed = System.nanoTime() - start;
            long cpu = os.getProcessCpuTime() - cpuBefore;
            Counters totals = worker.totals();
            boolean exact = totals.messagesSent() == totals.messagesAcked()
                    && totals.messagesAcked() == totals.messagesReceived() && totals.sendErrors() == 0;
            return new double[] {
                totals.messagesSent() / (elapsed / 1e9), (double) cpu / totals.messagesSent(), exact ? 1 : 0
            };
        } finally {
            worker.close();
        }
    }
}
