package io.openmessaging.benchmark.testing;

import io.openmessaging.benchmark.cli.BenchmarkWorker;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real {@code bin/benchmark-worker} process on loopback, started from this JVM's classpath, for
 * distributed-mode integration tests. {@link #kill} is SIGKILL; {@link #pause} and {@link #resume} SIGSTOP
 * and SIGCONT; {@link #close} a normal stop.
 */
public final class WorkerProcess implements AutoCloseable {

    private final Process process;
    private final int port;
    private final int statsPort;
    private final Path log;

    private WorkerProcess(Process process, int port, int statsPort, Path log) {
        this.process = process;
        this.port = port;
        this.statsPort = statsPort;
        this.log = log;
    }

    /** Starts a worker on free loopback ports and waits until it answers {@code /v1/health}. */
    public static WorkerProcess start(String... extraArgs) throws IOException, InterruptedException {
        int port = freePort();
        int statsPort = freePort();
        Path log = Files.createTempFile("benchmark-worker-" + port + "-", ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                BenchmarkWorker.class.getName(),
                "--port",
                String.valueOf(port),
                "--stats-port",
                String.valueOf(statsPort)));
        command.addAll(List.of(extraArgs));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        WorkerProcess worker = new WorkerProcess(process, port, statsPort, log);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("worker exited with " + process.exitValue() + ": " + Files.readString(log));
            }
            if (Files.readString(log).contains("Worker ready")) {
                return worker;
            }
            Thread.sleep(100);
        }
        worker.kill();
        throw new IOException("worker did not start within 60 s: " + Files.readString(log));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** GET of a path on the worker's HTTP port, e.g. {@code /v1/health}. */
    public String get(String path, String token) throws IOException, InterruptedException {
        return get(URI.create(url() + path), token);
    }

    /** The Prometheus text exposition of the worker's stats port. */
    public String metrics() throws IOException, InterruptedException {
        return get(URI.create("http://127.0.0.1:" + statsPort + "/metrics"), null);
    }

    private static String get(URI uri, String token) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HttpClient.newHttpClient()
                .send(request.build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    /** SIGSTOP: the worker freezes (as in a long GC pause or a stopped VM) until {@link #resume}. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** SIGCONT after {@link #pause}: the worker goes on where it stopped. */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid()))
                .redirectErrorStream(true)
                .start();
        String output = new String(kill.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed: " + output);
        }
    }

    /** SIGKILL: the worker vanishes without a word. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
