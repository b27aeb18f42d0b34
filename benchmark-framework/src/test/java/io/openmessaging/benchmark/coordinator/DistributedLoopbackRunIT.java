package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BenchmarkRuns;
import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import io.openmessaging.benchmark.testing.WorkerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Distributed runs with real {@code benchmark-worker} processes on loopback and the loopback driver, in
 * the swarm topology (the loopback driver keeps messages inside one process).
 */
class DistributedLoopbackRunIT {

    private static final String DRIVER = "name: Loopback\ndriver: loopback\n";

    @TempDir
    Path dir;

    private final List<WorkerProcess> workers = new ArrayList<>();

    @AfterEach
    void stopWorkers() throws InterruptedException {
        for (WorkerProcess worker : workers) {
            worker.close();
        }
    }

    private List<String> startWorkers(int count, String... args) throws Exception {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            WorkerProcess worker = WorkerProcess.start(args);
            workers.add(worker);
            urls.add(worker.url());
        }
        return urls;
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {2, 3, 4})
    void everyWorkerProducesItsShareAndNothingIsLost(int workerCount) throws Exception {
        List<String> urls = startWorkers(workerCount);
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), DRIVER);
        Path workload = BenchmarkRuns.workload(dir, "distributed", 8, workerCount, 1, 4000, "2s", "6s", 2000);

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir, "-d", driver.toString(), "--topology", "SWARM", "-w", String.join(",", urls), workload.toString());

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        TestResult result = outcome.result();
        assertThat(result.complete).isTrue();
        assertThat(result.totalMessagesReceived).isEqualTo(result.totalMessagesSent);
        assertThat(result.publishRate).hasSize(3);
        double perProducerRate = result.publishRate.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElseThrow()
                / workerCount;
        assertThat(perProducerRate).isCloseTo(4000.0 / workerCount, within(0.01 * 4000 / workerCount));
        assertThat(result.metadata.clockOffsets).hasSize(2 * workerCount);
        assertThat(result.metadata.commandLine)
                .containsExactly(
                        "bin/benchmark",
                        "--output-dir",
                        dir.resolve("results").toString(),
                        "-d",
                        driver.toString(),
                        "--topology",
                        "SWARM",
                        "-w",
                        String.join(",", urls),
                        workload.toString());
        assertThat(result.metadata.topology.placement).isEqualTo("SWARM");
        assertThat(result.metadata.topology.workerCount).isEqualTo(workerCount);
        assertThat(result.metadata.topology.inProcess).isFalse();
        assertThat(result.metadata.topology.producerWorkerCount).isEqualTo(workerCount);
        assertThat(result.metadata.topology.consumerWorkerCount).isEqualTo(workerCount);
        for (WorkerProcess worker : workers) {
            assertThat(worker.get("/v1/health", null)).contains("\"state\":\"idle\"");
        }
    }

    @Test
    void metricsAreValidPrometheusTextWithTheExpectedRate() throws Exception {
        List<String> urls = startWorkers(2);
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), DRIVER);
        Path workload = BenchmarkRuns.workload(dir, "metrics", 4, 2, 1, 1000, "1s", "8s", 1000);
        AtomicReference<String> scraped = new AtomicReference<>();
        Thread scraper = new Thread(() -> {
            try {
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                do { // until both counters the test checks have counted 100: a message can be received
                    // before its send is acknowledged, so one scrape saw 101 received and 98 sent
                    Thread.sleep(500);
                    scraped.set(workers.get(0).metrics());
                } while (!(scraped.get().matches("(?s).*omb_messages_received_total\\{[^}]*} [1-9][0-9]{2,}.*")
                                && scraped.get().matches("(?s).*omb_messages_sent_total\\{[^}]*} [1-9][0-9]{2,}.*"))
                        && System.nanoTime() < deadline);
            } catch (Exception e) {
                scraped.set("scrape failed: " + e);
            }
        });
        scraper.start();

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir, "-d", driver.toString(), "--topology", "SWARM", "-w", String.join(",", urls), workload.toString());
        scraper.join();

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        String parsed = parseWithPrometheusClient(scraped.get());
        // one producer per worker at 500 msg/s: the expected-rate gauge, and counters that counted
        assertThat(parsed).contains("omb_expected_send_rate_messages_per_second gauge 500.0");
        assertThat(parsed).containsPattern("omb_messages_sent_total counter [1-9][0-9]{2,}");
        assertThat(parsed).containsPattern("omb_messages_received_total counter [1-9][0-9]{2,}");
        assertThat(parsed).contains("workload=metrics").contains("driver=Loopback");
        // and the worker process itself: JVM memory and GC, CPU, threads, tagged with the worker
        assertThat(parsed)
                .containsPattern("jvm_memory_used_bytes gauge [0-9.e+E]+ area=heap,id=[^,]+,worker=")
                .containsPattern("process_cpu_usage gauge [0-9.eE+-]+ worker=")
                .containsPattern("jvm_threads_live_threads gauge [1-9]")
                .contains("jvm_gc_");
        // after the run, its meters keep their final values (a scrape just after the end still sees it) and the
        // expected rate is 0
        String after = parseWithPrometheusClient(workers.get(0).metrics());
        assertThat(after)
                .containsPattern("omb_messages_sent_total counter [1-9][0-9]{3,}")
                .contains("omb_expected_send_rate_messages_per_second gauge 0.0")
                .contains("workload=metrics");
        // latencies are histograms with the same buckets on every worker, so Prometheus can add them up: each
        // worker's end-to-end histogram counts exactly the messages it received, its publish one every message
        // that came due (here all acknowledged), and the +Inf bucket is the count
        long receivedByBoth = 0;
        for (WorkerProcess worker : workers) {
            String samples = parseWithPrometheusClient(worker.metrics());
            double received = sample(samples, "omb_messages_received_total", "");
            double acked = sample(samples, "omb_messages_acked_total", "");
            assertThat(received).isGreaterThan(1000);
            assertThat(sample(samples, "omb_latency_seconds_count", "metric=endToEndResponseTime"))
                    .isEqualTo(received);
            assertThat(sample(samples, "omb_latency_seconds_count", "metric=endToEndLatency"))
                    .isEqualTo(received);
            assertThat(sample(samples, "omb_latency_seconds_count", "metric=publishResponseTime"))
                    .isEqualTo(acked);
            assertThat(sample(samples, "omb_latency_seconds_bucket", "le=+Inf,metric=endToEndResponseTime"))
                    .isEqualTo(received);
            assertThat(sample(samples, "omb_latency_seconds_bucket", "le=0.5,metric=endToEndResponseTime"))
                    .as("loopback delivers within half a second")
                    .isEqualTo(received);
            assertThat(sample(samples, "omb_latency_seconds_sum", "metric=publishLatency"))
                    .isPositive();
            assertThat(samples).contains("omb_sent_bytes_total counter").contains("omb_received_bytes_total counter");
            receivedByBoth += (long) received;
        }
        assertThat(receivedByBoth).isEqualTo(outcome.result().totalMessagesReceived);
    }

    /** The value of the one sample of {@code name} whose labels contain {@code labels} (sorted, comma-joined). */
    private static double sample(String parsed, String name, String labels) {
        List<String> matching = parsed.lines()
                .filter(line -> line.startsWith(name + " "))
                .filter(line -> line.substring(line.lastIndexOf(' ') + 1).contains(labels))
                .toList();
        assertThat(matching)
                .as("samples of %s with %s in:%n%s", name, labels, parsed)
                .hasSize(1);
        return Double.parseDouble(matching.get(0).split(" ")[2]);
    }

    /**
     * Parses with Python's prometheus_client (a real text-format parser); one line per sample. The
     * Python is the tests' venv that {@code bin/test-setup} creates (pinned by src/test/python/requirements.txt).
     */
    private static String parseWithPrometheusClient(String exposition) throws IOException, InterruptedException {
        Path python3 = LocalBrokerScripts.repositoryRoot().resolve(".venv/tests/bin/python3");
        assertThat(Files.isExecutable(python3))
                .as(
                        "the tests' Python venv %s is missing: run bin/test (the README's test command) or"
                                + " bin/test-setup first",
                        python3)
                .isTrue();
        String script = String.join(
                "\n",
                "import sys",
                "from prometheus_client.parser import text_string_to_metric_families",
                "for family in text_string_to_metric_families(sys.stdin.read()):",
                "    for s in family.samples:",
                "        labels = ','.join(k + '=' + v for k, v in sorted(s.labels.items()))",
                "        print(s.name, family.type, s.value, labels)");
        Process python = new ProcessBuilder(python3.toString(), "-c", script)
                .redirectErrorStream(true)
                .start();
        python.getOutputStream().write(exposition.getBytes(StandardCharsets.UTF_8));
        python.getOutputStream().close();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(python.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(python.exitValue())
                .as("prometheus_client parse of:%n%s%n%s", exposition, output)
                .isZero();
        return output;
    }

    @Test
    void killingAWorkerStopsTheRunEverywhereWithinThirtySeconds() throws Exception {
        List<String> urls = startWorkers(3);
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), DRIVER);
        Path workload = BenchmarkRuns.workload(dir, "long", 4, 3, 1, 3000, "2s", "10m", 1000);
        AtomicLong killedAtNanos = new AtomicLong();
        Thread killer = new Thread(() -> {
            try {
                Thread.sleep(10_000);
                workers.get(1).kill();
                killedAtNanos.set(System.nanoTime());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        killer.start();

        BenchmarkRuns.Outcome outcome = BenchmarkRuns.run(
                dir, "-d", driver.toString(), "--topology", "SWARM", "-w", String.join(",", urls), workload.toString());
        long endedNanos = System.nanoTime();
        killer.join();

        assertThat(outcome.exitCode()).isEqualTo(Benchmark.EXIT_FAILED);
        assertThat(Duration.ofNanos(endedNanos - killedAtNanos.get())).isLessThan(Duration.ofSeconds(30));
        assertThat(outcome.stderr()).contains(urls.get(1));
        assertThat(outcome.result()).isNotNull();
        assertThat(outcome.result().complete).isFalse();
        assertThat(outcome.result().failureReason).contains(urls.get(1));
        assertThat(workers.get(0).get("/v1/health", null)).contains("\"state\":\"idle\"");
        assertThat(workers.get(2).get("/v1/health", null)).contains("\"state\":\"idle\"");
    }

    @Test
    void aTokenProtectedWorkerTakesTheCoordinatorsToken() throws Exception {
        Path tokenFile = Files.writeString(dir.resolve("token"), "t0ken-" + System.nanoTime() + "\n");
        List<String> urls = startWorkers(2, "--token-file", tokenFile.toString());
        Path driver = Files.writeString(dir.resolve("loopback.yaml"), DRIVER);
        Path workload = BenchmarkRuns.workload(dir, "token", 2, 2, 1, 500, "1s", "2s", 1000);

        BenchmarkRuns.Outcome without = BenchmarkRuns.run(
                dir.resolve("without"),
                "-d",
                driver.toString(),
                "--topology",
                "SWARM",
                "-w",
                String.join(",", urls),
                workload.toString());
        BenchmarkRuns.Outcome with = BenchmarkRuns.run(
                dir,
                "-d",
                driver.toString(),
                "--topology",
                "SWARM",
                "--token-file",
                tokenFile.toString(),
                "-w",
                String.join(",", urls),
                workload.toString());

        assertThat(without.exitCode()).isNotZero();
        assertThat(without.stderr()).contains("401");
        assertThat(with.exitCode()).as(with.stderr()).isZero();
        String token = Files.readString(tokenFile).strip();
        assertThat(Files.readString(with.resultFile())).doesNotContain(token);
        assertThat(with.stdout()).doesNotContain(token);
        assertThat(workers.get(0).log()).doesNotContain(token);
    }
}
