package io.openmessaging.benchmark.worker;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParameterException;
import com.sun.net.httpserver.HttpServer;
import io.openmessaging.benchmark.coordinator.Defaults;
import io.openmessaging.benchmark.measure.SystemClock;
import io.openmessaging.benchmark.worker.http.WorkerMetrics;
import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Entry point of {@code bin/benchmark-worker}: serves worker protocol v1 on {@code --port} and Prometheus
 * metrics on {@code --stats-port}, until SIGTERM / Ctrl-C (which stops any running load first).
 */
public final class BenchmarkWorker {

    @Parameter(names = {"-p", "--port"}, description = "HTTP port of the worker protocol")
    int port = Defaults.WORKER_PORT;

    @Parameter(names = {"-sp", "--stats-port"}, description = "HTTP port of GET /metrics (Prometheus)")
    int statsPort = Defaults.WORKER_STATS_PORT;

    @Parameter(names = "--bind", description = "Address to listen on; 0.0.0.0 for every interface (clusters:"
            + " protect it with --token-file and a firewall)")
    String bindAddress = "127.0.0.1";

    @Parameter(names = "--token-file", description = "File holding the bearer token every request must carry"
            + " (default: the " + Defaults.TOKEN_ENV + " environment variable; none = no authentication)")
    String tokenFile;

    @Parameter(names = {"-h", "--help"}, help = true, description = "Show this help")
    boolean help;

    private BenchmarkWorker() {}

    public static void main(String[] args) throws Exception {
        BenchmarkWorker options = new BenchmarkWorker();
        JCommander commander = JCommander.newBuilder().programName("bin/benchmark-worker").addObject(options).build();
        try {
            commander.parse(args);
        } catch (ParameterException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
        if (options.help) {
            commander.usage();
            return;
        }
        String token;
        try {
            token = readToken(options.tokenFile);
        } catch (IOException e) {
            System.err.println("error: cannot read --token-file " + options.tokenFile + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        WorkerMetrics metrics = new WorkerMetrics(options.bindAddress + ":" + options.port);
        WorkerServer server;
        HttpServer statsServer;
        try {
            server = new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress(options.bindAddress, options.port),
                    token, metrics);
            statsServer = HttpServer.create(new InetSocketAddress(options.bindAddress, options.statsPort), 16);
        } catch (IOException e) {
            System.err.println("error: cannot listen on " + options.bindAddress + " ports " + options.port + " and "
                    + options.statsPort + ": " + e.getMessage() + " (is another worker running? choose --port and"
                    + " --stats-port)");
            System.exit(1);
            return;
        }
        statsServer.createContext("/metrics", exchange -> {
            try (exchange) {
                byte[] body = metrics.scrape().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            statsServer.stop(0);
            stopped.countDown();
        }, "worker-shutdown"));
        server.start();
        statsServer.start();
        System.out.println("Worker ready: http://" + options.bindAddress + ":" + server.address().getPort()
                + " (metrics on port " + statsServer.getAddress().getPort() + ")");
        stopped.await();
    }

    /** The token from the file, else from the environment variable, else {@code null}. */
    public static String readToken(String tokenFile) throws IOException {
        String token = tokenFile != null
                ? Files.readString(Path.of(tokenFile)).strip()
                : System.getenv(Defaults.TOKEN_ENV);
        if (token != null && token.isBlank()) {
            throw new IOException("the token is empty");
        }
        return token;
    }
}
