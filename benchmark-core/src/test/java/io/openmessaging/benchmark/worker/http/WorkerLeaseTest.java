package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.ManualClock;
import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A worker belongs to the coordinator that started its run only while that coordinator keeps calling: the
 * lease, its renewal, its expiry, and an operator's forced stop.
 */
class WorkerLeaseTest {

    private static final DriverConfiguration LOOPBACK =
            new DriverConfiguration("Loopback", "loopback", "loopback.yaml", "name: Loopback\ndriver: loopback\n");
    private static final Duration LEASE = Duration.ofSeconds(3);

    private WorkerServer server;
    private String url;
    private final HttpClient http = HttpClient.newHttpClient();

    private void start() throws Exception {
        start(SystemClock.INSTANCE);
    }

    private void start(io.openmessaging.benchmark.driver.Clock clock) throws Exception {
        server = new WorkerServer(clock, new InetSocketAddress("127.0.0.1", 0), null, null);
        server.start();
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    /** A coordinator that started a loopback run producing 1,000 msg/s. */
    private HttpWorkerClient runningCoordinator() throws Exception {
        HttpWorkerClient client = new HttpWorkerClient(url, null, "w", "d", LEASE);
        client.initializeDriver(LOOPBACK);
        var topics = client.createTopics(1, 1);
        client.createProducers(List.of(new ProducerAssignment(topics.get(0).name(), 0)));
        client.startLoad(new LoadSpec(1000, List.of(new byte[100]), KeyDistributorType.NO_KEY, 100), 200);
        return client;
    }

    private Map<String, Object> health() throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/health")).build(), HttpResponse.BodyHandlers.ofString());
        @SuppressWarnings("unchecked")
        Map<String, Object> health = Wire.MAPPER.readValue(response.body(), Map.class);
        return health;
    }

    /** Polls health until the worker is idle, for at most {@code limitMillis}; the time it took. */
    private long millisUntilIdle(long limitMillis) throws Exception {
        long started = System.nanoTime();
        while (!"idle".equals(health().get("state"))) {
            assertThat((System.nanoTime() - started) / 1_000_000)
                    .as("worker still busy: %s", health())
                    .isLessThan(limitMillis);
            Thread.sleep(50);
        }
        return (System.nanoTime() - started) / 1_000_000;
    }

    @Test
    void aRunWhoseCoordinatorFallsSilentIsEndedByTheWorkerWhenTheLeaseRunsOut() throws Exception {
        start();
        HttpWorkerClient coordinator = runningCoordinator();
        assertThat(health()).containsEntry("state", "busy").containsEntry("leaseMillis", 3000);
        long sent = coordinator.status(0).totals().messagesSent();
        Thread.sleep(300);
        assertThat(coordinator.status(0).totals().messagesSent()).isGreaterThan(sent);

        coordinator.abandon(); // as after kill -9: no more requests, nothing said
        long idleAfterMillis = millisUntilIdle(LEASE.toMillis() + 5_000);

        assertThat(idleAfterMillis).isGreaterThan(LEASE.toMillis() - 500);
        assertThat((String) health().get("lastRunEnd"))
                .contains("run of driver Loopback ended at")
                .contains("lease expired: no request from its coordinator for")
                .contains("(lease 3.0 s); the load was stopped");
        // the coordinator, back again, is told why its run is gone
        assertThatThrownBy(() -> coordinator.adjustRate(10))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HTTP 409")
                .hasMessageContaining("this worker ended the run")
                .hasMessageContaining("lease expired");
        // and the worker takes a new run
        HttpWorkerClient next = runningCoordinator();
        assertThat(health()).containsEntry("state", "busy");
        next.close();
        assertThat(health()).containsEntry("state", "idle");
    }

    @Test
    void aCoordinatorThatKeepsRenewingKeepsItsRunThroughLongSilences() throws Exception {
        start();
        HttpWorkerClient coordinator = runningCoordinator();
        // no request of the run's own for twice the lease: the renewals alone keep it
        Thread.sleep(2 * LEASE.toMillis());
        assertThat(health()).containsEntry("state", "busy").containsEntry("lastRunEnd", null);
        long sent = coordinator.status(0).totals().messagesSent();
        Thread.sleep(300);
        assertThat(coordinator.status(0).totals().messagesSent()).isGreaterThan(sent);
        coordinator.close();
        assertThat(health()).containsEntry("state", "idle");
    }

    @Test
    void anOperatorStopsTheRunOfAnyCoordinator() throws Exception {
        start();
        HttpWorkerClient coordinator = runningCoordinator();
        HttpWorkerClient operator = new HttpWorkerClient(url, null, "stop", "stop");

        assertThat(operator.forceStop()).isTrue();
        assertThat(health()).containsEntry("state", "idle");
        assertThat((String) health().get("lastRunEnd")).contains("stopped by an operator");
        assertThatThrownBy(() -> coordinator.status(0))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no driver initialized");
        assertThatThrownBy(() -> coordinator.adjustRate(10))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("this worker ended the run")
                .hasMessageContaining("stopped by an operator");
        assertThat(operator.forceStop()).as("an idle worker: nothing to stop").isFalse();
        coordinator.close(); // the coordinator's own stop on its way out is harmless
    }

    @Test
    void aLeaseOutsideItsRangeIsABadRequestNamingTheRange() throws Exception {
        start();
        for (String lease : List.of("10", "abc", "86400001")) {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create(url + "/v1/driver"))
                            .header(WorkerServer.RUN_HEADER, "r1")
                            .header(WorkerServer.LEASE_HEADER, lease)
                            .POST(HttpRequest.BodyPublishers.ofString(Wire.MAPPER.writeValueAsString(LOOPBACK)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body())
                    .contains("X-OMB-Lease-Millis must be a whole number of milliseconds from 3000 to 86400000, got '"
                            + lease + "'");
        }
        assertThat(health()).containsEntry("state", "idle");
    }

    /** The coordinator's own monotonic clock, with another origin than the worker's. */
    private static final long COORDINATOR_ORIGIN_NANOS = 7_000_000_000L;

    /** A request of run {@code r1}, stamped with the coordinator's clock reading when it was sent. */
    private HttpResponse<String> ownerPost(String route, String body, long coordinatorSentNanos, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "/v1/" + route))
                .header(WorkerServer.RUN_HEADER, "r1")
                .header(WorkerServer.SENT_HEADER, Long.toString(coordinatorSentNanos))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("%s: %s", route, response.body()).isEqualTo(200);
        return response;
    }

    /** A loopback run of {@code r1} with a 3 s lease, started at coordinator time {@code sentNanos}. */
    private void startRun(long coordinatorSentNanos) throws Exception {
        ownerPost(
                "driver",
                Wire.MAPPER.writeValueAsString(LOOPBACK),
                coordinatorSentNanos,
                WorkerServer.LEASE_HEADER,
                Long.toString(LEASE.toMillis()));
    }

    /**
     * Waits (real time: the worker's lease watch runs every 250 ms) until the worker reads idle; fails naming
     * its health when it is still busy after 5 s, which a lease that ran out on the manual clock never is.
     */
    private void awaitIdle(String why) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!"idle".equals(health().get("state"))) {
            assertThat(System.nanoTime()).as("%s; worker: %s", why, health()).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    @Test
    void aRequestSentBeforeACutAndDeliveredLateDoesNotRenewTheLease() throws Exception {
        ManualClock clock = new ManualClock();
        start(clock);
        long coordinatorNanos = COORDINATOR_ORIGIN_NANOS;
        startRun(coordinatorNanos);
        clock.advance(1, TimeUnit.SECONDS);
        coordinatorNanos += TimeUnit.SECONDS.toNanos(1);
        ownerPost("lease", "", coordinatorNanos); // sent and delivered at once: renews
        long sentBeforeTheCut = coordinatorNanos + TimeUnit.MILLISECONDS.toNanos(200);

        // the link is cut; the coordinator's kernel delivers a renewal it wrote before the cut 2.5 s late
        // (a retransmission after the link came back, the coordinator itself long dead)
        clock.advance(2_500, TimeUnit.MILLISECONDS);
        ownerPost("lease", "", sentBeforeTheCut);
        assertThat(health()).containsEntry("state", "busy");

        // 3.3 s after that renewal was sent, 1 s after it arrived: the lease of 3 s has run out
        clock.advance(1, TimeUnit.SECONDS);
        awaitIdle("3.3 s after the last renewal was sent, with a 3 s lease");
        assertThat((String) health().get("lastRunEnd"))
                .contains("lease expired: no request from its coordinator for 3.3 s (lease 3.0 s)")
                .contains("arrived 2.3 s after it was sent");
    }

    @Test
    void aRequestWhoseBodyNeverArrivesDoesNotHoldTheRun() throws Exception {
        ManualClock clock = new ManualClock();
        start(clock);
        startRun(COORDINATOR_ORIGIN_NANOS);
        try (Socket socket = new Socket("127.0.0.1", server.address().getPort())) {
            // the headers of a rate change arrive, then the link dies before the rest of its body
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/load/rate HTTP/1.1\r\nHost: worker\r\n" + WorkerServer.RUN_HEADER + ": r1\r\n"
                            + WorkerServer.SENT_HEADER + ": " + COORDINATOR_ORIGIN_NANOS + "\r\n"
                            + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ratePer")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(200); // the worker has the headers and waits for the body

            clock.advance(LEASE.toMillis() + 500, TimeUnit.MILLISECONDS);
            awaitIdle("3.5 s after the run's last whole request, with a 3 s lease, a request's body still missing");
        }
        assertThat((String) health().get("lastRunEnd"))
                .contains("lease expired: no request from its coordinator for 3.5 s (lease 3.0 s)");
    }

    @Test
    void aSendStampThatIsNotANumberIsABadRequestNamingTheHeader() throws Exception {
        start();
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/driver"))
                        .header(WorkerServer.RUN_HEADER, "r1")
                        .header(WorkerServer.SENT_HEADER, "12.5")
                        .POST(HttpRequest.BodyPublishers.ofString(Wire.MAPPER.writeValueAsString(LOOPBACK)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body())
                .contains("X-OMB-Sent-Nanos must be the sender's monotonic clock in whole nanoseconds (a signed 64-bit"
                        + " number), got '12.5'");
        assertThat(health()).containsEntry("state", "idle");
    }
}
