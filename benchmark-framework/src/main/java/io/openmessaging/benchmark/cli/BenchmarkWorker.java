package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParameterException;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.worker.http.MetricsServer;
import io.openmessaging.benchmark.worker.http.WorkerMetrics;
import io.openmessaging.benchmark.worker.http.WorkerServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * Entry point of {@code bin/benchmark-worker}: serves worker protocol v1 on {@code --port} and Prometheus
 * metrics on {@code --stats-port}, until SIGTERM / Ctrl-C (which stops any running load first).
 */
public final class BenchmarkWorker {

    @Parameter(
            names = {"-p", "--port"},
            description = "HTTP port of the worker protocol")
    int port = WorkerServer.DEFAULT_PORT;

    @Parameter(
            names = {"-sp", "--stats-port"},
            description = "HTTP port of GET /metrics (Prometheus)")
    int statsPort = WorkerServer.DEFAULT_STATS_PORT;

    @Parameter(
            names = "--bind",
            description = "Address to listen on; 0.0.0.0 for every interface (clusters:"
                    + " protect it with --token-file and a firewall)")
    String bindAddress = "127.0.0.1";

    @Parameter(
            names = "--token-file",
            description = "File holding the bearer token every request must carry" + " (default: the "
                    + WorkerServer.TOKEN_ENV + " environment variable; none = no authentication)")
    String tokenFile;

    @Parameter(
            names = "--insecure-no-token",
            description = "Allow a non-loopback --bind without a token: anyone"
                    + " who reaches the port may then run loads from this machine")
    boolean insecureNoToken;

    @Parameter(
            names = {"-h", "--help"},
            help = true,
            description = "Show this help")
    boolean help;

    @Parameter(
            names = {"-V", "--version"},
            help = true,
            description = "Print the tool's version and the commit it was built from (as bin/benchmark --version)")
    boolean version;

    BenchmarkWorker() {}

    public static void main(String[] args) throws Exception {
        BenchmarkWorker options = new BenchmarkWorker();
        Integer exitCode = parse(options, args, System.out, System.err);
        if (exitCode != null) {
            if (exitCode != Benchmark.EXIT_OK) {
                System.exit(exitCode);
            }
            return;
        }
        String token;
        try {
            token = WorkerToken.read(options.tokenFile, System.getenv());
        } catch (IOException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        String problem = exposureProblem(options.bindAddress, token, options.insecureNoToken);
        if (problem != null) {
            System.err.println("error: " + problem);
            System.exit(2);
            return;
        }
        if (options.tokenFile != null) {
            String warning = tokenFileWarning(Path.of(options.tokenFile));
            if (warning != null) {
                System.err.println("warning: " + warning);
            }
        }
        String host = reachableHost(options.bindAddress);
        WorkerMetrics metrics = new WorkerMetrics(host + ":" + options.port);
        WorkerServer server;
        MetricsServer statsServer;
        try {
            server = new WorkerServer(
                    SystemClock.INSTANCE, new InetSocketAddress(options.bindAddress, options.port), token, metrics);
            statsServer = new MetricsServer(new InetSocketAddress(options.bindAddress, options.statsPort), metrics);
        } catch (IOException e) {
            System.err.println("error: cannot listen on " + options.bindAddress + " ports " + options.port + " and "
                    + options.statsPort + ": " + e.getMessage() + " (is another worker running? choose --port and"
                    + " --stats-port)");
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                server.close();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            statsServer.close();
                            stopped.countDown();
                        },
                        "worker-shutdown"));
        server.start();
        statsServer.start();
        System.out.println(
                "Worker ready: http://" + host + ":" + server.address().getPort() + " (metrics on port "
                        + statsServer.address().getPort() + ")");
        stopped.await();
    }

    /**
     * Parses {@code args} into {@code options} and answers what needs no worker: {@code --help}, {@code
     * --version} and a bad command line.
     *
     * @return the exit code when that was all, {@code null} when the worker is to start
     */
    static Integer parse(BenchmarkWorker options, String[] args, PrintStream out, PrintStream err) {
        JCommander commander = JCommander.newBuilder()
                .programName("bin/benchmark-worker")
                .addObject(options)
                .build();
        try {
            commander.parse(args);
        } catch (ParameterException e) {
            String unknown = UnknownOptions.find(commander, args);
            err.println("error: " + (unknown != null ? unknown : e.getMessage())
                    + "; run 'bin/benchmark-worker --help' for the options");
            return Benchmark.EXIT_USAGE;
        }
        if (options.version) {
            out.println(Benchmark.version());
            return Benchmark.EXIT_OK;
        }
        if (options.help) {
            StringBuilder help = new StringBuilder();
            commander.getUsageFormatter().usage(help);
            out.print(help);
            return Benchmark.EXIT_OK;
        }
        return null;
    }

    /**
     * Why the worker must not start: listening beyond loopback without a token lets anyone who reaches the
     * port run loads from this machine. {@code null} when it may.
     */
    static String exposureProblem(String bindAddress, String token, boolean insecureNoToken) {
        if (token != null || insecureNoToken) {
            return null;
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(bindAddress);
        } catch (UnknownHostException e) {
            return "--bind " + bindAddress + " is not an address of this machine";
        }
        if (address.isLoopbackAddress()) {
            return null;
        }
        return "--bind " + bindAddress + " listens beyond this machine, so a token is required: give --token-file"
                + " (or set " + WorkerServer.TOKEN_ENV
                + "), or --insecure-no-token to accept that anyone who reaches the"
                + " port may drive this worker (docs/distributed.md, Security)";
    }

    /** A warning when the token file can be read by users other than its owner, else {@code null}. */
    static String tokenFileWarning(Path tokenFile) {
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(tokenFile);
            if (permissions.contains(PosixFilePermission.GROUP_READ)
                    || permissions.contains(PosixFilePermission.OTHERS_READ)) {
                return "the token file " + tokenFile + " is readable by other users ("
                        + PosixFilePermissions.toString(permissions) + "); chmod 600 it";
            }
        } catch (UnsupportedOperationException | IOException e) {
            return null; // not a POSIX file system, or unreadable (reading the token already said so)
        }
        return null;
    }

    /** A host name clients can use for {@code bindAddress}: the machine's name for a wildcard address. */
    static String reachableHost(String bindAddress) {
        try {
            if (InetAddress.getByName(bindAddress).isAnyLocalAddress()) {
                return InetAddress.getLocalHost().getCanonicalHostName();
            }
        } catch (UnknownHostException e) {
            return bindAddress;
        }
        return bindAddress.contains(":") && !bindAddress.startsWith("[") ? "[" + bindAddress + "]" : bindAddress;
    }
}
