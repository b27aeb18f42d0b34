package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stats port: GET /metrics for Prometheus, answered even while scrapers stall. */
class MetricsServerTest {

    @Test
    void metricsAreServedWhileTwentyScrapersStallAndOtherRequestsAreRefused() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (MetricsServer server =
                new MetricsServer(new InetSocketAddress("127.0.0.1", 0), new WorkerMetrics("127.0.0.1:1"))) {
            server.start();
            String url = "http://127.0.0.1:" + server.address().getPort();
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) {
                    Socket socket = new Socket("127.0.0.1", server.address().getPort());
                    socket.getOutputStream().write("GET /metrics HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
                    stalled.add(socket);
                }
                HttpResponse<String> metrics = http.send(
                        HttpRequest.newBuilder(URI.create(url + "/metrics"))
                                .timeout(Duration.ofSeconds(10))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(metrics.statusCode()).isEqualTo(200);
                assertThat(metrics.headers().firstValue("Content-Type"))
                        .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain; version=0.0.4"));
            } finally {
                for (Socket socket : stalled) {
                    socket.close();
                }
            }
            assertThat(http.send(
                                    HttpRequest.newBuilder(URI.create(url + "/other"))
                                            .GET()
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(404);
            HttpResponse<String> post = http.send(
                    HttpRequest.newBuilder(URI.create(url + "/metrics"))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
        }
    }

    @Test
    void aPathJettyRefusesIsAnsweredInPlainTextNotHtml() throws Exception {
        try (MetricsServer server =
                new MetricsServer(new InetSocketAddress("127.0.0.1", 0), new WorkerMetrics("127.0.0.1:1"))) {
            server.start();
            String answer;
            try (Socket socket = new Socket("127.0.0.1", server.address().getPort())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream()
                        .write("GET /%2e%2e/metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            }

            assertThat(answer)
                    .startsWith("HTTP/1.1 400 ")
                    .contains("Content-Type: text/plain")
                    .contains("400 bad_request: the request was refused before it was read")
                    .doesNotContain("<html");
        }
    }

    @Test
    void anIdleWorkerServesItsOwnJvmAndProcessMetrics() {
        String idle = new WorkerMetrics("w1").scrape();

        assertThat(idle)
                .contains("jvm_memory_used_bytes{area=\"heap\"")
                .contains("process_cpu_usage{worker=\"w1\"}")
                .contains("process_uptime_seconds{worker=\"w1\"}")
                .contains("jvm_threads_live_threads{worker=\"w1\"}")
                .doesNotContain("omb_messages_sent");
    }
}
