package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.openmessaging.benchmark.driver.SystemClock;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /v1/driver} from a client that sends only the driver file's text (no {@code driverId}): the
 * worker reads the text's own {@code driver} key as a file's, and a text that names no driver is a bad request
 * naming the missing key, not a failure of the worker.
 */
class WorkerDriverRequestTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private WorkerServer server;
    private String url;

    @BeforeEach
    void start() throws Exception {
        server = new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), null, null);
        server.start();
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void aTextWithoutTheDriverKeyIsA400NamingTheKey() throws Exception {
        HttpResponse<String> response = postDriver(Map.of("name", "Loopback", "yamlText", "name: Loopback\n"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        JsonNode body = Wire.MAPPER.readTree(response.body());
        assertThat(body.path("error").asText()).isEqualTo("bad_request");
        assertThat(body.path("detail").asText())
                .startsWith("yamlText of POST /v1/driver: missing key 'driver'")
                .contains("'driver: <id>'")
                .contains("loopback")
                .doesNotContain("null");
        assertThat(health().path("state").asText()).isEqualTo("idle");
    }

    @Test
    void theRequestsSourceNameIsWhatTheMessageNames() throws Exception {
        HttpResponse<String> response =
                postDriver(Map.of("name", "Loopback", "sourceName", "my-driver.yaml", "yamlText", "name: Loopback\n"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(Wire.MAPPER.readTree(response.body()).path("detail").asText())
                .startsWith("my-driver.yaml: missing key 'driver'");
    }

    @Test
    void anUnknownDriverInTheTextIsA400ListingTheInstalledOnes() throws Exception {
        HttpResponse<String> response = postDriver(Map.of("name", "X", "yamlText", "name: X\ndriver: loopbak\n"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(Wire.MAPPER.readTree(response.body()).path("detail").asText())
                .startsWith("yamlText of POST /v1/driver:2:9: unknown driver 'loopbak'")
                .contains("loopback");
    }

    @Test
    void aTextThatNamesItsDriverNeedsNoDriverId() throws Exception {
        HttpResponse<String> response =
                postDriver(Map.of("name", "Loopback", "yamlText", "name: Loopback\ndriver: loopback\n"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(Wire.MAPPER.readTree(response.body()).path("driver").asText())
                .isEqualTo("loopback");
        assertThat(health().path("driver").asText()).isEqualTo("Loopback");
        assertThat(http.send(
                                HttpRequest.newBuilder(URI.create(url + "/v1/stop"))
                                        .POST(HttpRequest.BodyPublishers.noBody())
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(200);
    }

    private HttpResponse<String> postDriver(Map<String, String> body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url + "/v1/driver"))
                        .POST(HttpRequest.BodyPublishers.ofString(Wire.MAPPER.writeValueAsString(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode health() throws Exception {
        return Wire.MAPPER.readTree(http.send(
                        HttpRequest.newBuilder(URI.create(url + "/v1/health")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
    }
}
