package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.driver.SystemClock;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.worker.ConsumerAssignment;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.ProducerAssignment;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerStatus;
import io.openmessaging.benchmark.workload.DriverConfiguration;
import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The worker's HTTP protocol in this JVM: idempotent stats, authentication, errors. */
class WorkerServerTest {

    private static final DriverConfiguration LOOPBACK =
            new DriverConfiguration("Loopback", "loopback", "loopback.yaml", "name: Loopback\ndriver: loopback\n");

    private WorkerServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    private String start(String token) throws Exception {
        server = new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), token, null);
        server.start();
        return "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void repeatedStatsReadsReturnTheSameData() throws Exception {
        String url = start(null);
        HttpWorkerClient client = new HttpWorkerClient(url, null, "w", "d");
        client.initializeDriver(LOOPBACK);
        var topics = client.createTopics(1, 4);
        client.createConsumers(List.of(new ConsumerAssignment(topics.get(0).name(), "sub")));
        client.createProducers(List.of(new ProducerAssignment(topics.get(0).name(), 0)));
        client.startLoad(new LoadSpec(2000, List.of(new byte[100]), KeyDistributorType.NO_KEY, 100), 200);
        WorkerStatus status;
        do {
            Thread.sleep(100);
            status = client.status(0);
        } while (status.snapshots().size() < 3);

        var first = Wire.MAPPER
                .readTree(get(url + "/v1/stats?after=1", null).body())
                .get("snapshots");
        var second = Wire.MAPPER
                .readTree(get(url + "/v1/stats?after=1", null).body())
                .get("snapshots");
        assertThat(first.size()).isGreaterThanOrEqualTo(2);
        for (int i = 0; i < first.size(); i++) {
            assertThat(second.get(i)).isEqualTo(first.get(i)); // a read drains nothing
        }

        WorkerStatus again = client.status(1);
        assertThat(again.snapshots().get(0).seq()).isEqualTo(2);
        StatsSnapshot fromFirstRead = status.snapshots().get(1);
        StatsSnapshot fromSecondRead = again.snapshots().get(0);
        assertThat(fromSecondRead.stats().delta())
                .isEqualTo(fromFirstRead.stats().delta());
        assertThat(fromSecondRead.stats().histograms()[0])
                .isEqualTo(fromFirstRead.stats().histograms()[0]);
        client.close();
        assertThat(get(url + "/v1/health", null).body()).contains("\"state\":\"idle\"");
    }

    @Test
    void driverCountersCrossTheProtocol() throws Exception {
        String url = start(null);
        HttpWorkerClient client = new HttpWorkerClient(url, null, "w", "d");
        assertThat(client.driverCounters())
                .as("an idle worker has counted nothing")
                .isEmpty();
        client.initializeDriver(LOOPBACK);
        assertThat(client.driverCounters()).containsExactly(java.util.Map.entry("loopback.callbackFailures", 0L));
        assertThat(get(url + "/v1/driver/counters", null).body()).isEqualTo("{\"loopback.callbackFailures\":0}");
        client.close();
    }

    @Test
    void theSequenceNumbersAcknowledgedAndReceivedCrossTheProtocolAsTheWorkerHoldsThem() throws Exception {
        String url = start(null);
        HttpWorkerClient client = new HttpWorkerClient(url, null, "w", "d");
        client.initializeDriver(LOOPBACK);
        var topics = client.createTopics(1, 4);
        client.createConsumers(List.of(new ConsumerAssignment(topics.get(0).name(), "sub")));
        client.createProducers(List.of(new ProducerAssignment(topics.get(0).name(), 3)));
        client.startLoad(new LoadSpec(2000, List.of(new byte[100]), KeyDistributorType.NO_KEY, 100), 200);
        Thread.sleep(300);
        client.stopLoad();
        client.closeBooks();

        SequenceReport report = client.sequenceReport();

        long acknowledged = report.acknowledged().get(3).cardinality();
        assertThat(acknowledged).isPositive();
        assertThat(report.received()).containsOnlyKeys(topics.get(0).name() + " / sub");
        SequenceReport.Receipts receipts = report.received().get(topics.get(0).name() + " / sub");
        assertThat(receipts.byProducer().get(3).cardinality()).isEqualTo(acknowledged);
        assertThat(receipts.byProducer().get(3).countNotIn(report.acknowledged().get(3)))
                .isZero();
        assertThat(receipts.duplicates()).isZero();
        assertThat(receipts.outOfOrder()).isZero();
        client.close();
    }

    @Test
    void withATokenRequestsWithoutItGet401AndChangeNothing() throws Exception {
        String url = start("s3cret-token");

        HttpResponse<String> refused = post(url + "/v1/driver", Wire.MAPPER.writeValueAsString(LOOPBACK), null);
        HttpResponse<String> wrong = post(url + "/v1/driver", Wire.MAPPER.writeValueAsString(LOOPBACK), "guess");

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(refused.body()).contains("unauthorized").doesNotContain("s3cret-token");
        assertThat(get(url + "/v1/health", "s3cret-token").body()).contains("\"state\":\"idle\"");
        assertThat(get(url + "/v1/health", null).statusCode()).isEqualTo(401);

        HttpWorkerClient client = new HttpWorkerClient(url, "s3cret-token", "w", "d");
        assertThat(client.initializeDriver(LOOPBACK)).containsEntry("driver", "loopback");
        assertThat(get(url + "/v1/health", "s3cret-token").body()).contains("\"state\":\"busy\"");
        client.close();
    }

    @Test
    void errorsAreJsonWithTheRightStatus() throws Exception {
        String url = start(null);
        HttpResponse<String> noDriver = post(url + "/v1/topics", "{\"count\":1,\"partitionsPerTopic\":1}", null);
        assertThat(noDriver.statusCode()).isEqualTo(409);
        assertThat(noDriver.body()).contains("\"error\":\"conflict\"").contains("POST /v1/driver first");

        HttpResponse<String> badJson = post(url + "/v1/driver", "{not json", null);
        assertThat(badJson.statusCode()).isEqualTo(400);

        HttpResponse<String> badDriver = post(
                url + "/v1/driver",
                Wire.MAPPER.writeValueAsString(
                        new DriverConfiguration("x", "loopback", "x.yaml", "name: x\ndriver: loopback\nbogus: 1\n")),
                null);
        assertThat(badDriver.statusCode()).isEqualTo(500);
        assertThat(badDriver.body()).contains("\"error\":\"driver\"").contains("bogus");
        assertThat(get(url + "/v1/health", null).body()).contains("\"state\":\"idle\"");

        assertThat(get(url + "/v1/nothing", null).statusCode()).isEqualTo(404);
        assertThat(get(url + "/v2/health", null).statusCode()).isEqualTo(404);
    }

    @Test
    void aSecondCoordinatorIsRefusedAndCannotStopOrChangeTheFirstOnesRun() throws Exception {
        String url = start(null);
        HttpWorkerClient first = new HttpWorkerClient(url, null, "w", "d");
        first.initializeDriver(LOOPBACK);
        var topics = first.createTopics(1, 4);
        first.createProducers(List.of(new ProducerAssignment(topics.get(0).name(), 0)));
        first.startLoad(new LoadSpec(1000, List.of(new byte[100]), KeyDistributorType.NO_KEY, 100), 200);

        HttpWorkerClient second = new HttpWorkerClient(url, null, "w", "d");
        assertThatThrownBy(() -> second.initializeDriver(LOOPBACK))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HTTP 409")
                .hasMessageContaining("a run of another coordinator is in progress");
        // what a refused coordinator does on its way out, and a stray request without any run id
        assertThatThrownBy(second::close)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HTTP 409")
                .hasMessageContaining("only that coordinator may change or stop it");
        assertThatThrownBy(() -> second.adjustRate(1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HTTP 409");
        assertThat(post(url + "/v1/stop", "", null).statusCode()).isEqualTo(409);

        // the first run goes on, and its owner still drives it
        assertThat(get(url + "/v1/health", null).body()).contains("\"state\":\"busy\"");
        long sentBefore = first.status(0).totals().messagesSent();
        Thread.sleep(300);
        assertThat(first.status(0).totals().messagesSent()).isGreaterThan(sentBefore);
        first.close();
        assertThat(get(url + "/v1/health", null).body()).contains("\"state\":\"idle\"");
    }

    @Test
    void malformedBodiesGet400WithoutJavaNamesAndLeaveTheWorkerIdleAndReusable() throws Exception {
        String url = start(null);
        for (String body : new String[] {"null", "", "[]", "{}", "{\"name\":null}"}) {
            HttpResponse<String> response = post(url + "/v1/driver", body, null);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat(response.body())
                    .as(body)
                    .contains("\"error\":\"bad_request\"")
                    .doesNotContain("NullPointerException")
                    .doesNotContain("java.");
            assertThat(get(url + "/v1/health", null).body()).as(body).contains("\"state\":\"idle\"");
        }
        HttpWorkerClient client = new HttpWorkerClient(url, null, "w", "d");
        assertThat(client.initializeDriver(LOOPBACK)).containsEntry("driver", "loopback");
        HttpResponse<String> nullTopics = post(url + "/v1/topics", "null", null);
        assertThat(nullTopics.statusCode()).isEqualTo(409); // carries no run id: refused before it is read
        client.close();
    }

    @Test
    void fiftyStalledConnectionsFreezeNeitherTheApiNorARun() throws Exception {
        String url = start(null);
        HttpWorkerClient client = new HttpWorkerClient(url, null, "w", "d");
        client.initializeDriver(LOOPBACK);
        var topics = client.createTopics(1, 4);
        client.createConsumers(List.of(new ConsumerAssignment(topics.get(0).name(), "sub")));
        client.createProducers(List.of(new ProducerAssignment(topics.get(0).name(), 0)));
        client.startLoad(new LoadSpec(1000, List.of(new byte[100]), KeyDistributorType.NO_KEY, 100), 200);

        List<java.net.Socket> stalled = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) { // each sends half a request and then nothing
                java.net.Socket socket =
                        new java.net.Socket("127.0.0.1", server.address().getPort());
                socket.getOutputStream()
                        .write("GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: "
                                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                stalled.add(socket);
            }
            // every call of a run still gets its answer (the JDK server of before froze here with 8)
            for (int i = 0; i < 20; i++) {
                HttpResponse<String> health = http.send(
                        HttpRequest.newBuilder(URI.create(url + "/v1/health"))
                                .timeout(java.time.Duration.ofSeconds(10))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(health.statusCode()).isEqualTo(200);
            }
            long received = client.status(0).totals().messagesReceived();
            Thread.sleep(300);
            assertThat(client.status(0).totals().messagesReceived()).isGreaterThan(received);
            client.stopLoad();
            client.close();
        } finally {
            for (java.net.Socket socket : stalled) {
                socket.close();
            }
        }
        assertThat(get(url + "/v1/health", null).body()).contains("\"state\":\"idle\"");
    }

    @Test
    void wrongMethodsGet405WithAllowAndHeadWorksWhereGetDoes() throws Exception {
        String url = start(null);
        HttpResponse<String> getDriver = get(url + "/v1/driver", null);
        assertThat(getDriver.statusCode()).isEqualTo(405);
        assertThat(getDriver.headers().firstValue("Allow")).hasValue("POST");
        assertThat(getDriver.body()).contains("\"error\":\"method_not_allowed\"");
        HttpResponse<String> postHealth = post(url + "/v1/health", "{}", null);
        assertThat(postHealth.statusCode()).isEqualTo(405);
        assertThat(postHealth.headers().firstValue("Allow")).hasValue("GET, HEAD");
        HttpResponse<String> deleteStop = http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/stop")).DELETE().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(deleteStop.statusCode()).isEqualTo(405);

        HttpResponse<String> head = http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/health"))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValue("Content-Type")).hasValue("application/json");
    }

    private HttpResponse<String> get(String url, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String body, String token) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
