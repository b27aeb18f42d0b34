package io.openmessaging.benchmark.worker.http;

import com.fasterxml.jackson.core.type.TypeReference;
import io.openmessaging.benchmark.driver.Clock;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.result.ClockOffset;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.worker.WorkerStatus;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;

/**
 * A remote worker, driven over protocol v1. Control calls wait up to {@link #CONTROL_TIMEOUT} (topic and
 * client creation can be slow on big workloads); status polls and the stop only {@link #POLL_TIMEOUT},
 * so an unreachable worker is noticed fast. Thread-safe.
 */
public final class HttpWorkerClient implements WorkerHandle {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    static final Duration POLL_TIMEOUT = Duration.ofSeconds(5);
    static final Duration CONTROL_TIMEOUT = Duration.ofMinutes(5);

    private final URI base;
    private final String token;
    private final HttpClient http;
    private final String workload;
    private final String driver;
    /** How often the run's lease is renewed ({@code POST /v1/lease}) while this client owns the worker. */
    public static final Duration HEARTBEAT = Duration.ofSeconds(1);

    private final Duration lease;
    private ScheduledExecutorService heartbeat;
    /** Stamps each request with its send time ({@link WorkerServer#SENT_HEADER}). */
    private final Clock clock = SystemClock.INSTANCE;

    /** This client's run id ({@link WorkerServer#RUN_HEADER}): the worker takes orders only from its owner. */
    private final String runId = Long.toHexString(new java.security.SecureRandom().nextLong());

    /**
     * @param baseUrl e.g. {@code http://10.0.0.5:8080}
     * @param token bearer token, or {@code null}
     * @param workload label for the worker's metrics
     * @param driver label for the worker's metrics
     */
    public HttpWorkerClient(String baseUrl, String token, String workload, String driver) {
        this(baseUrl, token, workload, driver, null);
    }

    /**
     * @param lease how long the worker keeps the run without a request of this client (the client renews
     *     it every {@link #HEARTBEAT}), or {@code null} for the worker's default
     */
    public HttpWorkerClient(String baseUrl, String token, String workload, String driver, Duration lease) {
        String url = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.base = URI.create(url + "/" + WorkerServer.PROTOCOL + "/");
        if (base.getScheme() == null || !base.getScheme().startsWith("http") || base.getHost() == null) {
            throw new IllegalArgumentException("worker address '" + baseUrl + "' is not an http://host:port URL");
        }
        this.token = token;
        this.workload = workload;
        this.driver = driver;
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
        this.lease = lease;
    }

    @Override
    public String id() {
        return base.getScheme() + "://" + base.getAuthority();
    }

    /** Health of the worker: protocol, version, state ("idle" or "busy"), driver, epoch. */
    public Map<String, Object> health() throws IOException, InterruptedException {
        return call("GET", "health", null, POLL_TIMEOUT, new TypeReference<>() {});
    }

    /**
     * Estimates the worker's wall-clock offset NTP-style from {@code samples} round trips, keeping the one
     * with the shortest round trip: offset = worker time − midpoint of the request, bound = RTT / 2.
     */
    public ClockOffset clockOffset(Clock local, int samples) throws IOException, InterruptedException {
        for (int i = 0; i < 3; i++) {
            call("GET", "clock", null, POLL_TIMEOUT, new TypeReference<Wire.Clock>() {}); // connection, JIT
        }
        ClockOffset best = null;
        for (int i = 0; i < samples; i++) {
            long sentNanos = local.epochNanos();
            Wire.Clock remote = call("GET", "clock", null, POLL_TIMEOUT, new TypeReference<Wire.Clock>() {});
            long receivedNanos = local.epochNanos();
            long bound = (receivedNanos - sentNanos) / 2;
            long offset = remote.epochNanos() - (sentNanos + bound);
            if (best == null || bound < best.errorBoundNanos()) {
                best = new ClockOffset(id(), offset, bound);
            }
        }
        return best;
    }

    @Override
    public Map<String, String> initializeDriver(DriverConfiguration configuration)
            throws DriverException, IOException, InterruptedException {
        Map<String, String> headers =
                lease == null ? Map.of() : Map.of(WorkerServer.LEASE_HEADER, String.valueOf(lease.toMillis()));
        Map<String, String> answer;
        try {
            answer = call("POST", "driver", configuration, CONTROL_TIMEOUT, headers, new TypeReference<>() {});
        } catch (WorkerError e) {
            if ("driver".equals(e.error)) {
                throw new DriverException(e.detail, e);
            }
            throw e;
        }
        startHeartbeat();
        return answer;
    }

    /**
     * Renews the run's lease every {@link #HEARTBEAT} until {@link #close}, on a daemon thread, whatever the
     * run is doing (a long request to another worker included). A failed renewal is left to the run's own
     * polls to notice: they name an unreachable worker or the worker's reason for ending the run.
     */
    private synchronized void startHeartbeat() {
        if (heartbeat != null) {
            return;
        }
        heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "lease-" + base.getAuthority());
            thread.setDaemon(true);
            return thread;
        });
        long millis = HEARTBEAT.toMillis();
        heartbeat.scheduleWithFixedDelay(
                () -> {
                    try {
                        call("POST", "lease", null, POLL_TIMEOUT, new TypeReference<Map<String, Object>>() {});
                    } catch (IOException e) {
                        // the run's polls report it
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                millis,
                millis,
                TimeUnit.MILLISECONDS);
    }

    /** Stops renewing the lease without telling the worker: what a killed coordinator does (for tests). */
    synchronized void abandon() {
        stopHeartbeat();
    }

    private synchronized void stopHeartbeat() {
        if (heartbeat != null) {
            heartbeat.shutdownNow();
            heartbeat = null;
        }
    }

    @Override
    public List<TopicSpec> createTopics(int count, int partitionsPerTopic)
            throws DriverException, IOException, InterruptedException {
        return control(
                "POST",
                "topics",
                new Wire.TopicsRequest(count, partitionsPerTopic),
                new TypeReference<List<TopicSpec>>() {});
    }

    @Override
    public void ensureTopics(List<TopicSpec> topics) throws DriverException, IOException, InterruptedException {
        control("POST", "topics/ensure", topics, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public Map<String, Integer> describeTopics(List<String> names)
            throws DriverException, IOException, InterruptedException {
        return control("POST", "topics/describe", names, new TypeReference<Map<String, Integer>>() {});
    }

    @Override
    public void createConsumers(List<ConsumerAssignment> assignments)
            throws DriverException, IOException, InterruptedException {
        control("POST", "consumers", assignments, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void createProducers(List<ProducerAssignment> assignments)
            throws DriverException, IOException, InterruptedException {
        control("POST", "producers", assignments, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void sendProbes() throws IOException, InterruptedException {
        call("POST", "probes", null, CONTROL_TIMEOUT, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public Map<String, Long> probesReceived() throws IOException, InterruptedException {
        return call("GET", "probes", null, POLL_TIMEOUT, new TypeReference<Map<String, Long>>() {});
    }

    @Override
    public SequenceReport sequenceReport() throws IOException, InterruptedException {
        return Wire.fromWire(call("GET", "sequences", null, CONTROL_TIMEOUT, new TypeReference<Wire.Sequences>() {}));
    }

    @Override
    public Map<String, Long> driverCounters() throws IOException, InterruptedException {
        return call("GET", "driver/counters", null, POLL_TIMEOUT, new TypeReference<Map<String, Long>>() {});
    }

    @Override
    public void startLoad(LoadSpec load, long samplePeriodMillis) throws IOException, InterruptedException {
        call(
                "POST",
                "load/start",
                new Wire.LoadRequest(load, samplePeriodMillis, workload, driver),
                CONTROL_TIMEOUT,
                new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void adjustRate(double ratePerProducerMsgPerSec) throws IOException, InterruptedException {
        call(
                "POST",
                "load/rate",
                new Wire.RateRequest(ratePerProducerMsgPerSec),
                CONTROL_TIMEOUT,
                new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void pauseConsumers() throws DriverException, IOException, InterruptedException {
        control("POST", "consumers/pause", null, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void resumeConsumers() throws DriverException, IOException, InterruptedException {
        control("POST", "consumers/resume", null, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void beginMeasuredPhase(long samplePeriodMillis) throws IOException, InterruptedException {
        call(
                "POST",
                "stats/measured",
                new Wire.SampleRequest(samplePeriodMillis),
                CONTROL_TIMEOUT,
                new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public WorkerStatus status(long afterSeq) throws IOException, InterruptedException {
        Wire.Status status =
                call("GET", "stats?after=" + afterSeq, null, POLL_TIMEOUT, new TypeReference<Wire.Status>() {});
        try {
            return Wire.fromWire(status);
        } catch (DataFormatException e) {
            throw new IOException("worker " + id() + " sent an undecodable histogram: " + e.getMessage(), e);
        }
    }

    @Override
    public void cutFinal(StatsSnapshot.Phase phase) throws IOException, InterruptedException {
        call(
                "POST",
                "stats/cut",
                new Wire.CutRequest(phase),
                CONTROL_TIMEOUT,
                new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void stopLoad() throws IOException, InterruptedException {
        call("POST", "load/stop", null, CONTROL_TIMEOUT, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void closeBooks() throws IOException, InterruptedException {
        call("POST", "load/close-books", null, CONTROL_TIMEOUT, new TypeReference<Map<String, Object>>() {});
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stopHeartbeat();
        call("POST", "stop", null, Duration.ofSeconds(90), new TypeReference<Map<String, Object>>() {});
    }

    /**
     * An operator's stop: ends the run in progress on the worker, whichever coordinator started it
     * ({@code POST /v1/stop} with {@link WorkerServer#FORCE_HEADER}). Returns whether a run was stopped.
     */
    public boolean forceStop() throws IOException, InterruptedException {
        Map<String, Object> answer = call(
                "POST",
                "stop",
                null,
                Duration.ofSeconds(90),
                Map.of(WorkerServer.FORCE_HEADER, "true"),
                new TypeReference<Map<String, Object>>() {});
        return Boolean.TRUE.equals(answer.get("stopped"));
    }

    private <T> T control(String method, String path, Object body, TypeReference<T> type)
            throws DriverException, IOException, InterruptedException {
        try {
            return call(method, path, body, CONTROL_TIMEOUT, type);
        } catch (WorkerError e) {
            if ("driver".equals(e.error)) {
                throw new DriverException(e.detail, e);
            }
            throw e;
        }
    }

    private <T> T call(String method, String path, Object body, Duration timeout, TypeReference<T> type)
            throws IOException, InterruptedException {
        return call(method, path, body, timeout, Map.of(), type);
    }

    private <T> T call(
            String method,
            String path,
            Object body,
            Duration timeout,
            Map<String, String> headers,
            TypeReference<T> type)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(Wire.MAPPER.writeValueAsBytes(body)));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        request.header(WorkerServer.RUN_HEADER, runId);
        headers.forEach(request::header);
        // when it is sent, on this process's clock: a request delivered late renews the lease only from then
        request.header(WorkerServer.SENT_HEADER, Long.toString(clock.monotonicNanos()));
        HttpResponse<byte[]> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IOException(
                    "worker " + id() + " unreachable (" + method + " /" + WorkerServer.PROTOCOL + "/" + path + "): "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()),
                    e);
        }
        if (response.statusCode() == 401) {
            throw new TokenRefused(id(), token != null);
        }
        if (response.statusCode() != 200) {
            Wire.Error error;
            try {
                error = Wire.MAPPER.readValue(response.body(), Wire.Error.class);
            } catch (IOException notJson) {
                error = new Wire.Error("http_" + response.statusCode(), new String(response.body()));
            }
            throw new WorkerError(id(), method, path, response.statusCode(), error.error(), error.detail());
        }
        return Wire.MAPPER.readValue(response.body(), type);
    }

    /**
     * A worker refused the request's token (HTTP 401): the worker was started with a token ({@code --token-file}
     * or {@value WorkerServer#TOKEN_ENV}) and this client gave another one, or none. The worker was reached: it
     * is not "unreachable".
     */
    public static final class TokenRefused extends IOException {
        private static final long serialVersionUID = 1L;

        TokenRefused(String worker, boolean tokenGiven) {
            super(
                    tokenGiven
                            ? "worker " + worker + " refused the token (HTTP 401): check --token-file (or "
                                    + WorkerServer.TOKEN_ENV + "): it must hold the token the worker was started with"
                            : "worker " + worker + " requires a token (HTTP 401) and none was given: pass the"
                                    + " worker's token file with --token-file (or the token in "
                                    + WorkerServer.TOKEN_ENV + ")");
        }
    }

    /** A worker answered with an error status. */
    static final class WorkerError extends IOException {
        private static final long serialVersionUID = 1L;
        final int status;
        final String error;
        final String detail;

        WorkerError(String worker, String method, String path, int status, String error, String detail) {
            super("worker " + worker + " refused " + method + " /" + WorkerServer.PROTOCOL + "/" + path + " (HTTP "
                    + status + " " + error + "): " + detail);
            this.status = status;
            this.error = error;
            this.detail = detail;
        }
    }
}
