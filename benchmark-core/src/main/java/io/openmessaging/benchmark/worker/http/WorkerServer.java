package io.openmessaging.benchmark.worker.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.drivers.DriverConfigurationLoader;
import io.openmessaging.benchmark.drivers.DriverRegistry;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.result.BuildIdentity;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.worker.WorkerStatus;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The benchmark worker's HTTP server (worker protocol v1, docs/distributed.md), on Jetty ({@link JettyServers}: a
 * slow or stalled client holds no thread).
 * Holds one {@link LocalWorker} per run; {@code POST /v1/stop} closes it and the worker is idle again.
 *
 * <p>With a token, every {@code /v1/} request must carry {@code Authorization: Bearer <token>}; others get
 * 401 and change nothing. Errors are JSON {@code {"error", "detail"}}: 400 for a bad request, 409 for a
 * request the worker's state does not allow, 500 for a failure (a driver failure has error "driver").
 *
 * <p>A run belongs to the coordinator that started it: the {@value #RUN_HEADER} header of its {@code POST
 * /v1/driver} becomes the run's id, and every later {@code POST} (including {@code /v1/stop}) must carry the
 * same id, or it is refused with 409 and changes nothing. So a second coordinator, refused because a run is
 * in progress, cannot stop or change the first one's run. Reads ({@code GET}) are open to any client.
 *
 * <p>The run is the coordinator's only while it keeps calling: its {@code POST /v1/driver} may set a lease
 * ({@value #LEASE_HEADER}, else {@link #DEFAULT_LEASE_MILLIS}), every request carrying its run id renews it
 * from when it was sent ({@value #SENT_HEADER}, {@link RunLease}; the coordinator's client renews it with
 * {@code POST /v1/lease} every second), and when the lease runs out with no request of the owner being
 * worked on the worker stops the load, closes the run, says why in its log and in {@code GET /v1/health}
 * ({@code lastRunEnd}), and is idle again. An operator ends a run whose
 * coordinator is gone with {@code POST /v1/stop} and the header {@value #FORCE_HEADER}{@code : true}.
 *
 * <p>A known path asked with another method gets 405 with an {@code Allow} header; {@code HEAD} works
 * wherever {@code GET} does.
 */
public final class WorkerServer implements AutoCloseable {

    /** Version of the protocol this server speaks; part of every path. */
    public static final String PROTOCOL = "v1";

    /** HTTP port of bin/benchmark-worker (upstream's). */
    public static final int DEFAULT_PORT = 8080;

    /** Prometheus port of bin/benchmark-worker (upstream's). */
    public static final int DEFAULT_STATS_PORT = 8081;

    /** Environment variable holding the worker token, for worker and coordinator alike. */
    public static final String TOKEN_ENV = "OMB_WORKER_TOKEN";

    /** Request header with the id of the coordinator's run (any text up to 100 characters). */
    public static final String RUN_HEADER = "X-OMB-Run";

    /** Header of {@code POST /v1/driver}: the run's lease in milliseconds ({@link #MIN_LEASE_MILLIS} to 1 day). */
    public static final String LEASE_HEADER = "X-OMB-Lease-Millis";

    /**
     * Header of every request of a coordinator: its own monotonic clock when it sent the request, in
     * nanoseconds (any origin: the worker compares only one coordinator's stamps), so that a request delivered
     * late renews the run's lease only from when it was sent ({@link RunLease}).
     */
    public static final String SENT_HEADER = "X-OMB-Sent-Nanos";

    /** Header of {@code POST /v1/stop}: {@code true} stops a run of any coordinator (an operator's stop). */
    public static final String FORCE_HEADER = "X-OMB-Force";

    /**
     * Lease of a run whose coordinator set none: 3 heartbeats of 1 s plus the coordinator's default stall
     * limit of 30 s (docs/distributed.md).
     */
    public static final long DEFAULT_LEASE_MILLIS = 33_000;

    /** Shortest lease a coordinator may set: a few heartbeats, so that a busy machine does not end runs. */
    public static final long MIN_LEASE_MILLIS = 3_000;

    private static final long MAX_LEASE_MILLIS = 86_400_000;
    private static final long LEASE_CHECK_MILLIS = 250;

    private static final Logger log = LoggerFactory.getLogger(WorkerServer.class);

    /** The methods of every route, for 405 answers. */
    private static final Map<String, Set<String>> ROUTES = routes();

    private final Clock clock;
    private final byte[] token;
    private final Server server;
    private final String version;
    private final WorkerMetrics metrics;
    private final String epoch = Long.toHexString(new java.security.SecureRandom().nextLong());
    private LocalWorker worker;
    private String driverName;
    /** The run id of the coordinator that owns {@link #worker}; {@code null} for a client that sent none. */
    private String ownerRunId;
    /** The current run's lease; {@code null} while idle. */
    private RunLease lease;
    /** How the last run ended when the worker ended it itself (lease, operator), for health; or null. */
    private String lastRunEnd;
    /** The run id of a run the worker ended itself, to tell its coordinator why when it comes back. */
    private String endedRunId;

    private final ScheduledExecutorService leaseWatch = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "worker-lease");
        thread.setDaemon(true);
        return thread;
    });

    /**
     * @param token the bearer token every request must carry, or {@code null} for none
     * @param metrics where Prometheus metrics of the current worker are registered, or {@code null}
     */
    public WorkerServer(Clock clock, InetSocketAddress address, String token, WorkerMetrics metrics)
            throws IOException {
        this.clock = clock;
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
        this.metrics = metrics;
        this.version = BuildIdentity.ofThisBuild().version();
        this.server = JettyServers.bound(
                address,
                "worker-http",
                new Handler.Abstract() {
                    @Override
                    public boolean handle(Request request, Response response, Callback callback) {
                        WorkerServer.this.handle(new Exchange(request, response), callback);
                        return true;
                    }
                },
                JettyErrorAnswers.json());
    }

    public void start() {
        JettyServers.start(server);
        leaseWatch.scheduleWithFixedDelay(
                this::endRunIfLeaseExpired, LEASE_CHECK_MILLIS, LEASE_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        log.info(
                "Worker listening on {} (protocol {}, {})",
                address(),
                PROTOCOL,
                token == null ? "no token: anyone who reaches the port may drive it" : "token required");
    }

    public InetSocketAddress address() {
        return JettyServers.address(server);
    }

    /** One request and its response, as the routes see them. */
    private static final class Exchange {
        private final Request request;
        private final Response response;
        /** The whole body, once {@link #readBody} has read it. */
        private byte[] body;

        Exchange(Request request, Response response) {
            this.request = request;
            this.response = response;
        }

        Response response() {
            return response;
        }

        String method() {
            String method = request.getMethod();
            return "HEAD".equals(method) ? "GET" : method; // HEAD: GET without the body (Jetty drops it)
        }

        String path() {
            return request.getHttpURI().getPath();
        }

        String rawQuery() {
            return request.getHttpURI().getQuery();
        }

        String header(String name) {
            return request.getHeaders().get(name);
        }

        /** Reads the whole body, waiting for the network as long as the connection lives; once. */
        void readBody() throws IOException {
            if (body == null) {
                try (InputStream in = Content.Source.asInputStream(request)) {
                    body = in.readAllBytes();
                }
            }
        }

        /** The body {@link #readBody} read. */
        byte[] bodyBytes() {
            return body;
        }
    }

    private void handle(Exchange exchange, Callback callback) {
        String path = exchange.path();
        String method = exchange.method();
        int status;
        Object body;
        Map<String, String> headers = Map.of();
        if (!path.startsWith("/" + PROTOCOL + "/")) {
            status = 404;
            body = new Wire.Error("not_found", "no such path " + path + "; this worker speaks /" + PROTOCOL + "/");
        } else if (!authorized(exchange)) {
            status = 401;
            body = new Wire.Error("unauthorized", "missing or wrong 'Authorization: Bearer <token>' header");
        } else {
            String route = path.substring(PROTOCOL.length() + 2);
            Set<String> allowed = ROUTES.get(route);
            if (allowed != null && !allowed.contains(method)) {
                status = 405;
                body = new Wire.Error(
                        "method_not_allowed",
                        method + " /" + PROTOCOL + "/" + route + " is not a request; allowed: "
                                + String.join(", ", allowed));
                headers = Map.of("Allow", String.join(", ", allowed) + (allowed.contains("GET") ? ", HEAD" : ""));
            } else {
                Answer answer = answer(method, path, route, exchange);
                status = answer.status();
                body = answer.body();
            }
        }
        byte[] bytes;
        try {
            bytes = Wire.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            status = 500;
            bytes = "{\"error\":\"internal\",\"detail\":\"the answer could not be written\"}"
                    .getBytes(StandardCharsets.UTF_8);
        }
        Response response = exchange.response();
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        headers.forEach((name, value) -> response.getHeaders().put(name, value));
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }

    private record Answer(int status, Object body) {}

    private Answer answer(String method, String path, String route, Exchange exchange) {
        RunLease.Call ownerCall = null;
        try {
            checkOwner(method, route, exchange);
            // the body first: a request counts for the lease once it has arrived whole, not while its rest is
            // stuck in a dead connection (until the idle timeout)
            exchange.readBody();
            ownerCall = ownerCallStarted(exchange);
            Object response = route(method, route, exchange);
            return new Answer(200, response == null ? Map.of() : response);
        } catch (NotFound e) {
            return new Answer(404, new Wire.Error("not_found", e.getMessage()));
        } catch (JsonProcessingException e) {
            return new Answer(400, new Wire.Error("bad_request", describe(e)));
        } catch (IOException e) {
            return new Answer(400, new Wire.Error("bad_request", "the request body could not be read"));
        } catch (IllegalArgumentException e) {
            return new Answer(400, new Wire.Error("bad_request", e.getMessage()));
        } catch (IllegalStateException e) {
            return new Answer(409, new Wire.Error("conflict", e.getMessage()));
        } catch (DriverException e) {
            return new Answer(500, new Wire.Error("driver", e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(500, new Wire.Error("interrupted", "the worker was interrupted"));
        } catch (RuntimeException e) {
            log.error("Request {} {} failed", method, path, e);
            return new Answer(
                    500, new Wire.Error("internal", "the worker failed on this request; its log has the" + " details"));
        } finally {
            if (ownerCall != null) {
                ownerCall.ended();
            }
        }
    }

    private Object route(String method, String route, Exchange exchange)
            throws IOException, DriverException, InterruptedException {
        switch (method + " " + route) {
            case "GET health":
                synchronized (this) {
                    return new Wire.Health(
                            PROTOCOL,
                            version,
                            worker == null ? "idle" : "busy",
                            driverName,
                            epoch,
                            worker == null ? null : TimeUnit.NANOSECONDS.toMillis(lease.leaseNanos()),
                            lastRunEnd);
                }
            case "GET clock":
                return new Wire.Clock(clock.epochNanos());
            case "POST driver": {
                DriverConfiguration request = read(exchange, DriverConfiguration.class);
                if (request.name() == null || request.yamlText() == null) {
                    throw new IllegalArgumentException("the driver request needs 'name' and 'yamlText'");
                }
                DriverConfiguration configuration;
                try {
                    configuration = DriverConfigurationLoader.completeRequest(
                            request, "yamlText of POST /" + PROTOCOL + "/driver", new DriverRegistry());
                } catch (ConfigException e) {
                    throw new IllegalArgumentException(e.getMessage(), e); // the request's text: a bad request
                }
                long leaseMillis = leaseMillis(exchange);
                Long sentNanos = sentNanos(exchange);
                LocalWorker fresh;
                RunLease.Call loading;
                synchronized (this) {
                    if (worker != null) {
                        throw new IllegalStateException(
                                "a run is in progress (driver " + driverName + "); POST /v1/stop first");
                    }
                    fresh = new LocalWorker(clock, HistogramSpec.DEFAULT);
                    worker = fresh;
                    driverName = configuration.name();
                    ownerRunId = runId(exchange);
                    lease = new RunLease(clock, TimeUnit.MILLISECONDS.toNanos(leaseMillis));
                    // this request: the lease does not run out while the driver loads
                    loading = lease.started(sentNanos);
                    endedRunId = null;
                }
                try {
                    return fresh.initializeDriver(configuration);
                } catch (DriverException | RuntimeException e) {
                    stopWorker();
                    throw e;
                } finally {
                    loading.ended();
                }
            }
            case "POST topics": {
                Wire.TopicsRequest request = read(exchange, Wire.TopicsRequest.class);
                return current().createTopics(request.count(), request.partitionsPerTopic());
            }
            case "POST topics/describe":
                return current().describeTopics(read(exchange, new TypeReference<List<String>>() {}));
            case "POST topics/ensure":
                current().ensureTopics(read(exchange, new TypeReference<List<TopicSpec>>() {}));
                return null;
            case "POST producers":
                current().createProducers(read(exchange, new TypeReference<List<ProducerAssignment>>() {}));
                return null;
            case "POST consumers":
                current().createConsumers(read(exchange, new TypeReference<List<ConsumerAssignment>>() {}));
                return null;
            case "POST probes":
                current().sendProbes();
                return null;
            case "GET probes":
                return current().probesReceived();
            case "GET sequences":
                return Wire.toWire(current().sequenceReport());
            case "GET driver/counters": {
                LocalWorker running;
                synchronized (this) {
                    running = worker;
                }
                // idle (no driver, e.g. a run that failed before it loaded one): nothing counted
                return running == null ? Map.of() : running.driverCounters();
            }
            case "POST load/start": {
                Wire.LoadRequest request = read(exchange, Wire.LoadRequest.class);
                LocalWorker running = current();
                running.startLoad(request.load(), request.samplePeriodMillis());
                if (metrics != null) {
                    metrics.bind(
                            running,
                            request.workload(),
                            request.driver(),
                            request.load().ratePerProducerMsgPerSec() * running.producerCount());
                }
                return null;
            }
            case "POST load/rate": {
                double rate = read(exchange, Wire.RateRequest.class).ratePerProducerMsgPerSec();
                current().adjustRate(rate);
                if (metrics != null) {
                    metrics.expectedRate(rate * current().producerCount());
                }
                return null;
            }
            case "POST load/stop":
                current().stopLoad();
                return null;
            case "POST load/close-books":
                current().closeBooks();
                return null;
            case "POST consumers/pause":
                current().pauseConsumers();
                return null;
            case "POST consumers/resume":
                current().resumeConsumers();
                return null;
            case "POST stats/measured":
                current()
                        .beginMeasuredPhase(
                                read(exchange, Wire.SampleRequest.class).samplePeriodMillis());
                return null;
            case "POST stats/cut":
                current().cutFinal(read(exchange, Wire.CutRequest.class).phase());
                return null;
            case "GET stats": {
                WorkerStatus status = current().status(afterParameter(exchange.rawQuery()));
                // the process's epoch: a restarted worker process answers with another one
                return Wire.toWire(new WorkerStatus(
                        status.snapshots(), status.totals(), status.failure(), epoch, status.firstSendError()));
            }
            case "POST lease":
                synchronized (this) {
                    return Map.of("leaseMillis", lease == null ? 0 : TimeUnit.NANOSECONDS.toMillis(lease.leaseNanos()));
                }
            case "POST stop":
                if (forced(exchange)) {
                    String ended = endRun("stopped by an operator (POST /v1/stop with " + FORCE_HEADER + ")");
                    return Map.of("stopped", ended != null);
                }
                stopWorker();
                return null;
            default:
                throw new NotFound(method + " /" + PROTOCOL + "/" + route);
        }
    }

    private static long afterParameter(String query) {
        if (query != null) {
            for (String part : query.split("&")) {
                if (part.startsWith("after=")) {
                    try {
                        return Long.parseLong(part.substring("after=".length()));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("'after' must be a snapshot sequence number, got '"
                                + part.substring("after=".length()) + "'");
                    }
                }
            }
        }
        return 0;
    }

    /**
     * Refuses (409) a {@code POST} that does not carry the run id of the coordinator whose run is in progress.
     * {@code POST /v1/driver} on an idle worker starts a run and is always let through, and so is an
     * operator's forced stop. A coordinator whose run the worker ended itself is told why.
     */
    private synchronized void checkOwner(String method, String route, Exchange exchange) {
        if (!"POST".equals(method) || ("stop".equals(route) && forced(exchange))) {
            return;
        }
        String runId = runId(exchange);
        if (worker == null) {
            if (endedRunId != null && endedRunId.equals(runId) && !"driver".equals(route) && !"stop".equals(route)) {
                throw new IllegalStateException("this worker ended the run: " + lastRunEnd);
            }
            return;
        }
        if (!java.util.Objects.equals(runId, ownerRunId)) {
            throw new IllegalStateException("a run of another coordinator is in progress on this worker (driver "
                    + driverName + "); only that coordinator may change or stop it");
        }
    }

    /**
     * Counts a request of the current run's owner, arrived whole, as being worked on; {@code null} when it is
     * not one.
     */
    private synchronized RunLease.Call ownerCallStarted(Exchange exchange) {
        if (worker == null || ownerRunId == null || !ownerRunId.equals(exchange.header(RUN_HEADER))) {
            return null;
        }
        return lease.started(sentNanos(exchange));
    }

    /** The lease watch: ends the run when its owner has sent nothing for longer than the lease. */
    private void endRunIfLeaseExpired() {
        String expiry;
        synchronized (this) {
            if (worker == null) {
                return;
            }
            expiry = lease.expiry();
            if (expiry == null) {
                return;
            }
        }
        endRun("lease expired: " + expiry + "; the load was stopped");
    }

    /**
     * Ends the current run on the worker's own account (lease, operator): stops the load, closes the run,
     * logs and keeps why. Returns the ended run's driver name, or {@code null} when the worker was idle.
     */
    private String endRun(String why) {
        String driver;
        String reason;
        synchronized (this) {
            if (worker == null) {
                return null;
            }
            driver = driverName;
            reason = "run of driver " + driver + " ended at "
                    + java.time.Instant.ofEpochMilli(clock.epochNanos() / 1_000_000) + ": " + why;
            // said before the worker reads idle, so that whoever sees it idle also sees why
            lastRunEnd = reason;
            endedRunId = ownerRunId;
        }
        log.warn("Ending the {}", reason);
        try {
            stopWorker();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error("Closing the run failed", e);
        }
        return driver;
    }

    private static boolean forced(Exchange exchange) {
        return "true".equalsIgnoreCase(exchange.header(FORCE_HEADER));
    }

    private static long leaseMillis(Exchange exchange) {
        String text = exchange.header(LEASE_HEADER);
        if (text == null) {
            return DEFAULT_LEASE_MILLIS;
        }
        try {
            long millis = Long.parseLong(text.trim());
            if (millis >= MIN_LEASE_MILLIS && millis <= MAX_LEASE_MILLIS) {
                return millis;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new IllegalArgumentException(LEASE_HEADER + " must be a whole number of milliseconds from "
                + MIN_LEASE_MILLIS + " to " + MAX_LEASE_MILLIS + ", got '" + text + "'");
    }

    /** The request's {@value #SENT_HEADER}, or {@code null} when it has none. */
    private static Long sentNanos(Exchange exchange) {
        String text = exchange.header(SENT_HEADER);
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SENT_HEADER
                    + " must be the sender's monotonic clock in whole nanoseconds (a signed 64-bit number), got '"
                    + text + "'");
        }
    }

    private static String runId(Exchange exchange) {
        String runId = exchange.header(RUN_HEADER);
        if (runId != null && runId.length() > 100) {
            throw new IllegalArgumentException(RUN_HEADER + " must be at most 100 characters");
        }
        return runId;
    }

    private synchronized LocalWorker current() {
        if (worker == null) {
            throw new IllegalStateException("no driver initialized: POST /v1/driver first");
        }
        return worker;
    }

    /** Stops and closes the current run, if any; idempotent. */
    public void stopWorker() throws InterruptedException {
        LocalWorker stopping;
        synchronized (this) {
            stopping = worker;
            worker = null;
            driverName = null;
            ownerRunId = null;
            lease = null;
        }
        if (metrics != null) {
            metrics.runEnded();
        }
        if (stopping != null) {
            stopping.close();
            log.info("Run stopped; worker idle");
        }
    }

    private boolean authorized(Exchange exchange) {
        if (token == null) {
            return true;
        }
        String header = exchange.header("Authorization");
        if (header == null || !header.startsWith("Bearer ")) {
            return false;
        }
        return MessageDigest.isEqual(token, header.substring("Bearer ".length()).getBytes(StandardCharsets.UTF_8));
    }

    private static <T> T read(Exchange exchange, Class<T> type) throws IOException {
        return present(Wire.MAPPER.readValue(exchange.bodyBytes(), type));
    }

    private static <T> T read(Exchange exchange, TypeReference<T> type) throws IOException {
        return present(Wire.MAPPER.readValue(exchange.bodyBytes(), type));
    }

    /** What is wrong with a request body, in the protocol's terms: where, and no Java type names. */
    static String describe(JsonProcessingException e) {
        StringBuilder text = new StringBuilder();
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException mapping
                && !mapping.getPath().isEmpty()) {
            StringBuilder field = new StringBuilder();
            for (com.fasterxml.jackson.databind.JsonMappingException.Reference reference : mapping.getPath()) {
                if (reference.getFieldName() != null) {
                    field.append(field.length() == 0 ? "" : ".").append(reference.getFieldName());
                } else if (reference.getIndex() >= 0) {
                    field.append('[').append(reference.getIndex()).append(']');
                }
            }
            text.append("the JSON body has a wrong value at '").append(field).append("'");
        } else if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException) {
            text.append("the JSON body does not have the shape this request takes (see docs/distributed.md)");
        } else {
            text.append("the body is not valid JSON");
        }
        if (e.getLocation() != null) {
            text.append(" (line ")
                    .append(e.getLocation().getLineNr())
                    .append(", column ")
                    .append(e.getLocation().getColumnNr())
                    .append(')');
        }
        return text.toString();
    }

    /** A body of JSON {@code null} (or none) is a bad request, not a null to trip over later. */
    private static <T> T present(T body) {
        if (body == null) {
            throw new IllegalArgumentException("the request needs a JSON body; got none or null");
        }
        return body;
    }

    @Override
    public void close() throws InterruptedException {
        leaseWatch.shutdownNow();
        stopWorker();
        JettyServers.stop(server);
    }

    private static Map<String, Set<String>> routes() {
        Map<String, Set<String>> routes = new TreeMap<>();
        for (String get : List.of("health", "clock", "driver/counters", "stats")) {
            routes.put(get, Set.of("GET"));
        }
        for (String post : List.of(
                "driver",
                "topics",
                "topics/describe",
                "topics/ensure",
                "producers",
                "consumers",
                "load/start",
                "load/rate",
                "load/stop",
                "load/close-books",
                "consumers/pause",
                "consumers/resume",
                "stats/measured",
                "stats/cut",
                "lease",
                "stop")) {
            routes.put(post, Set.of("POST"));
        }
        routes.put("probes", new java.util.TreeSet<>(Set.of("GET", "POST")));
        return routes;
    }

    /** An unknown route: answered 404. */
    private static final class NotFound extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        NotFound(String what) {
            super("no such request: " + what);
        }
    }
}
