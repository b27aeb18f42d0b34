package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
        server = new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), null, null);
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
}
