package io.openmessaging.benchmark.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.openmessaging.benchmark.cli.Benchmark;
import io.openmessaging.benchmark.cli.BenchmarkWorker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A directory laid out like the repository (its workloads, payload files and driver files, linked), in which
 * a documented command runs as written but loopback-sized:
 *
 * <ul>
 *   <li>a run's or a sweep's driver files become in-memory loopback drivers of the same names (in {@code
 *       rehearsal-drivers/}, at the same relative paths), so nothing needs a broker; settings of a real
 *       driver ({@code --set driver.…}) have nothing to act on there and are left out;
 *   <li>a fault schedule's commands ({@code --fault AT=COMMAND}) act on the documents' systems: each becomes
 *       {@code AT=true}; the token file is the rehearsal's;
 *   <li>every run and sweep step lasts a second with no warm-up, at 1,000 msg/s (the swept key excepted);
 *   <li>a {@code study run} is a dry run ({@code --dry-run}): its runs are planned and their files checked;
 *   <li>the documents' placeholders are made: {@code WORKLOAD.yaml}, the result files {@code base.json},
 *       {@code new.json}, {@code baseline.json}, {@code a.json}, {@code b.json}, {@code results/new-run.json},
 *       {@code results/run-1/} (copies of one loopback run), a sweep's {@code sweep.json} and an A/B
 *       comparison's {@code ab-verdicts.json} (whatever date or ellipsis the document wrote), the workload
 *       copied to {@code /tmp/x.yaml} (here {@code elsewhere/x.yaml}) and the token file;
 *   <li>workers bind loopback on free ports; a coordinator's {@code --workers} addresses lead to workers
 *       started here, each producing and consuming ({@code --topology SWARM}: loopback messages stay in
 *       their worker).
 * </ul>
 */
final class Rehearsal implements AutoCloseable {

    /** What a command runs as: its arguments (without the program) and whether it starts a worker. */
    record Prepared(List<String> arguments, boolean worker) {}

    private static final List<String> LINKED = List.of(
            "workloads",
            "studies",
            "payload",
            "driver-kafka",
            "driver-redpanda",
            "driver-pulsar",
            "driver-rabbitmq",
            "driver-loopback");
    private static final Set<String> SUBCOMMANDS =
            Set.of("validate", "report", "csv", "compare", "sweep", "stop", "study", "completion", "help", "version");
    private static final Set<String> SWEEP_KEYS = Set.of("--rates", "--partitions", "--message-sizes", "--topics");
    private static final List<String> SHORT_PHASES =
            List.of("--set", "testDuration=1s", "--set", "warmupDuration=0s", "--set", "sampleRateMillis=500");
    private static final Pattern DRIVER_FILE = Pattern.compile("driver-[a-z]+/[^,]+\\.yaml");
    private static final Set<String> REHEARSAL_KEYS =
            Set.of("testDuration", "warmupDuration", "sampleRateMillis", "producerRate");
    private static final String TOKEN_FILE = "worker-token";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path repository;
    private final Path directory;
    private final List<Process> workers = new ArrayList<>();
    private final Map<String, String> workerUrls = new LinkedHashMap<>();
    private final Path sweepSummary;
    private final Path abVerdicts;

    private Rehearsal(Path repository, Path directory, Path sweepSummary, Path abVerdicts) {
        this.repository = repository;
        this.directory = directory;
        this.sweepSummary = sweepSummary;
        this.abVerdicts = abVerdicts;
    }

    /** Lays {@code directory} out and makes the placeholders, running one loopback run and one sweep. */
    static Rehearsal prepare(Path repository, Path directory) throws IOException, InterruptedException {
        for (String name : LINKED) {
            Files.createSymbolicLink(directory.resolve(name), repository.resolve(name));
        }
        Files.writeString(directory.resolve(TOKEN_FILE), "rehearsal-token-0123456789abcdef\n");
        Files.writeString(directory.resolve("WORKLOAD.yaml"), """
                name: documented-commands
                topics: 1
                partitionsPerTopic: 2
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 1s
                sampleRateMillis: 500
                """);
        Files.createDirectories(directory.resolve("elsewhere"));
        Files.copy(
                repository.resolve("workloads/1-topic-16-partitions-1kb.yaml"), directory.resolve("elsewhere/x.yaml"));

        Rehearsal seeding = new Rehearsal(repository, directory, null, null);
        Path seedDirectory = directory.resolve("seed");
        seeding.runOrFail(List.of("-d", "driver-loopback/loopback.yaml", "-o", "seed/seed.json", "WORKLOAD.yaml"));
        Path seed = seedDirectory.resolve("seed.json");
        seeding.runOrFail(List.of(
                "sweep",
                "--rates",
                "500,1000",
                "-d",
                "driver-loopback/loopback.yaml",
                "--output-dir",
                "seed",
                "WORKLOAD.yaml"));
        Path sweep;
        try (Stream<Path> files = Files.walk(seedDirectory)) {
            sweep = files.filter(file -> file.getFileName().toString().equals("sweep.json"))
                    .findFirst()
                    .orElseThrow();
        }
        for (String copy : List.of("base.json", "new.json", "baseline.json", "a.json", "b.json")) {
            Files.copy(seed, directory.resolve(copy));
        }
        Files.createDirectories(directory.resolve("results/run-1"));
        Files.copy(seed, directory.resolve("results/new-run.json"));
        Files.copy(seed, directory.resolve("results/run-1/seed.json"));
        return new Rehearsal(repository, directory, sweep, abComparison(repository, seedDirectory, seed));
    }

    /** An A/B comparison's directory: the golden verdicts file with every run it names a copy of {@code seed}. */
    private static Path abComparison(Path repository, Path seedDirectory, Path seed) throws IOException {
        Path comparison = seedDirectory.resolve("compare-kafka");
        Path verdicts = Files.createDirectories(comparison).resolve("ab-verdicts.json");
        Files.copy(repository.resolve("benchmark-reports/src/test/resources/abtest/ab-verdicts.json"), verdicts);
        for (String side : List.of("a", "b")) {
            for (JsonNode run : JSON.readTree(verdicts.toFile()).path(side).path("runs")) {
                String file = run.path("file").asText();
                if (file.endsWith(".json")) {
                    Path copy = comparison.resolve(file);
                    Files.createDirectories(copy.getParent());
                    Files.copy(seed, copy);
                }
            }
        }
        return verdicts;
    }

    /** {@code java … Benchmark}: the launcher's JVM, with this test's classpath and the repository as its home. */
    List<String> javaCommand() {
        return javaCommand(Benchmark.class.getName(), "-Xmx640m");
    }

    private List<String> javaCommand(String mainClass, String heap) {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap,
                "-Domb.home=" + repository,
                "-cp",
                System.getProperty("java.class.path"),
                mainClass);
    }

    /** The arguments {@code command} runs with here. */
    Prepared prepare(DocumentedCommand command) throws IOException {
        List<String> words = command.words().subList(1, command.words().size());
        boolean worker = command.program().equals("bin/benchmark-worker");
        String subcommand = words.isEmpty() || !SUBCOMMANDS.contains(words.get(0)) ? "run" : words.get(0);
        List<String> arguments = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : null;
            if (word.equals("--set") && next != null && next.startsWith("driver.")) {
                i++; // a real driver's setting: the loopback driver has nothing it would act on
            } else if (word.equals("--set") && next != null && REHEARSAL_KEYS.contains(next.replaceFirst("=.*", ""))) {
                i++; // the rehearsal sets these itself
            } else if (word.equals("--fault") && next != null) {
                // the documented command acts on the documents' systems: here it only has to be well-formed
                arguments.addAll(List.of(word, next.replaceFirst("=.*", "=true")));
                i++;
            } else if (word.equals("--token-file") && next != null) {
                arguments.addAll(List.of(word, TOKEN_FILE));
                i++;
            } else if (worker && (word.equals("--port") || word.equals("--stats-port")) && next != null) {
                arguments.add(word);
                arguments.add(String.valueOf(freeLoopbackPort()));
                i++;
            } else if (worker && word.equals("--bind") && next != null) {
                arguments.addAll(List.of("--bind", "127.0.0.1"));
                i++;
            } else if (word.equals("--workers") && next != null) {
                // the loopback driver delivers inside one worker: each worker produces and consumes
                arguments.addAll(List.of("--workers", localWorkers(next), "--topology", "SWARM"));
                i++;
            } else if ((word.equals("-d") || word.equals("--drivers"))
                    && next != null
                    && (subcommand.equals("run") || subcommand.equals("sweep"))) {
                arguments.addAll(List.of(word, loopbackDrivers(next)));
                i++;
            } else if (word.contains("*")) {
                arguments.addAll(glob(word));
            } else {
                arguments.add(placeholder(word));
            }
        }
        if (worker) {
            return new Prepared(List.copyOf(arguments), true);
        }
        if (subcommand.equals("study") && words.size() > 1 && words.get(1).equals("run")) {
            // a study's experiments run on the documents' brokers and last minutes: here each is planned and
            // its settings checked (--dry-run), which reads every workload and driver file as the run would
            if (!arguments.contains("--dry-run")) {
                arguments.add("--dry-run");
            }
        } else if (subcommand.equals("run")) {
            arguments.addAll(0, SHORT_PHASES);
            arguments.addAll(0, List.of("--set", "producerRate=1000"));
        } else if (subcommand.equals("sweep")) {
            arguments.addAll(1, SHORT_PHASES);
            if (!words.contains("--rates")) {
                arguments.addAll(1, List.of("--set", "producerRate=1000"));
            }
            if (words.stream().noneMatch(SWEEP_KEYS::contains)) {
                throw new IllegalStateException(command + ": a sweep over none of " + SWEEP_KEYS);
            }
        }
        return new Prepared(List.copyOf(arguments), worker);
    }

    /** Starts a worker with {@code arguments} and waits until it is ready; its URL. */
    String startWorker(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(javaCommand(BenchmarkWorker.class.getName(), "-Xmx256m"));
        command.addAll(arguments);
        Path log = Files.createTempFile(directory, "worker-", ".log");
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        workers.add(process);
        long deadlineNanos = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadlineNanos) {
            if (!process.isAlive()) {
                throw new IOException("the worker exited with " + process.exitValue() + ": " + Files.readString(log));
            }
            if (Files.readString(log).contains("Worker ready")) {
                return "http://127.0.0.1:" + arguments.get(arguments.indexOf("--port") + 1);
            }
            Thread.sleep(100);
        }
        throw new IOException("the worker was not ready within 60 s: " + Files.readString(log));
    }

    /** Each documented worker address mapped to a worker started here (with the documented token file). */
    private String localWorkers(String documented) throws IOException {
        List<String> urls = new ArrayList<>();
        for (String url : documented.split(",")) {
            String local = workerUrls.get(url);
            if (local == null) {
                try {
                    local = startWorker(List.of(
                            "--bind",
                            "127.0.0.1",
                            "--port",
                            String.valueOf(freeLoopbackPort()),
                            "--stats-port",
                            String.valueOf(freeLoopbackPort()),
                            "--token-file",
                            TOKEN_FILE));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while starting a worker", e);
                }
                workerUrls.put(url, local);
            }
            urls.add(local);
        }
        return String.join(",", urls);
    }

    /** The comma-separated driver files, each replaced by a loopback driver file of the same name. */
    private String loopbackDrivers(String documented) throws IOException {
        List<String> files = new ArrayList<>();
        for (String file : documented.split(",")) {
            String name = file.replaceAll("^.*/|\\.yaml$", "");
            Path relative = Path.of(file.replaceFirst("^/+", ""));
            if (DRIVER_FILE.matcher(file).matches()) {
                // a file of the repository: it must exist, and its name is the rehearsal driver's
                if (!Files.isRegularFile(repository.resolve(file))) {
                    throw new IOException("a documented driver file that does not exist: " + file);
                }
                for (String line : Files.readAllLines(repository.resolve(file))) {
                    if (line.startsWith("name:")) {
                        name = line.substring("name:".length()).strip();
                    }
                }
            } // else a file the document's reader made (copied from a host, say): named after the file
            Path loopback = directory.resolve("rehearsal-drivers").resolve(relative);
            Files.createDirectories(loopback.getParent());
            Files.writeString(loopback, "name: " + name + "\ndriver: loopback\n");
            files.add(directory.relativize(loopback).toString());
        }
        return String.join(",", files);
    }

    private String placeholder(String word) {
        if (word.equals("/tmp/x.yaml")) {
            return "elsewhere/x.yaml";
        }
        if (word.equals("/etc/omb/worker-token")) {
            return TOKEN_FILE;
        }
        if (word.startsWith("results/") && word.endsWith("/sweep.json")) {
            return directory.relativize(sweepSummary).toString();
        }
        if (word.startsWith("results/") && word.endsWith("/ab-verdicts.json")) {
            return directory.relativize(abVerdicts).toString();
        }
        return word;
    }

    private List<String> glob(String pattern) throws IOException {
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        Path parent = directory.resolve(pattern.substring(0, pattern.lastIndexOf('/') + 1));
        try (Stream<Path> files = Files.list(parent)) {
            List<String> matches = files.map(file -> directory.relativize(file).toString())
                    .filter(file -> matcher.matches(Path.of(file)))
                    .sorted()
                    .toList();
            if (matches.isEmpty()) {
                throw new IOException("the documented pattern " + pattern + " matches no file");
            }
            return matches;
        }
    }

    private void runOrFail(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(javaCommand());
        command.addAll(arguments);
        Path log = Files.createTempFile(directory, "seed-", ".log");
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException("preparing the rehearsal failed: " + arguments + "\n" + Files.readString(log));
        }
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (Process worker : workers) {
            worker.destroy();
        }
        for (Process worker : workers) {
            if (!worker.waitFor(15, TimeUnit.SECONDS)) {
                worker.destroyForcibly().waitFor();
            }
        }
    }
}
