package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.openmessaging.benchmark.driver.SystemClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every error of the worker's port is the protocol's JSON {@code {"error", "detail"}}, also those Jetty
 * answers itself before the worker's handler sees the request (a path its URI rules refuse, a header block
 * too large, a request line it cannot parse). Requests are written on a raw socket, so that no client
 * normalizes the path first.
 */
class WorkerJsonErrorsTest {

    private WorkerServer server;

    @BeforeEach
    void start() throws Exception {
        server = new WorkerServer(SystemClock.INSTANCE, new InetSocketAddress("127.0.0.1", 0), null, null);
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/v1/%2e%2e/health",
                "/v1/%2E%2E/v1/health",
                "/v1//health",
                "//v1/health",
                "/v1/health/..;/stop",
                "/v1/%2Fhealth",
                "/v1/foo%00bar"
            })
    void pathsJettyRefusesAreAnsweredWithJson400(String path) throws Exception {
        RawResponse response = send("GET " + path + " HTTP/1.1\r\nHost: worker\r\nConnection: close\r\n\r\n");

        assertThat(response.status()).as(response.text()).isEqualTo(400);
        assertThat(response.header("content-type")).as(response.text()).startsWith("application/json");
        JsonNode body = Wire.MAPPER.readTree(response.body());
        assertThat(body.path("error").asText()).isEqualTo("bad_request");
        assertThat(body.path("detail").asText()).startsWith("the request was refused before it was read");
        assertThat(response.body()).doesNotContain("<html").doesNotContain("org.eclipse");
    }

    @Test
    void aHeaderBlockAboveTheLimitIsAnsweredWithJson431() throws Exception {
        String big = "x".repeat(JettyServers.MAX_HEADER_BYTES + 100);
        RawResponse response =
                send("GET /v1/health HTTP/1.1\r\nHost: worker\r\nX-Big: " + big + "\r\nConnection: close\r\n\r\n");

        assertThat(response.status()).as(response.text()).isEqualTo(431);
        assertThat(response.header("content-type")).as(response.text()).startsWith("application/json");
        JsonNode body = Wire.MAPPER.readTree(response.body());
        assertThat(body.path("error").asText()).isEqualTo("headers_too_large");
        assertThat(body.path("detail").asText()).contains(String.valueOf(JettyServers.MAX_HEADER_BYTES));
    }

    @Test
    void anUnparsableHeaderIsAnsweredWithJson400() throws Exception {
        RawResponse response =
                send("GET /v1/health HTTP/1.1\r\nHost: worker\r\nno colon here\r\nConnection: close\r\n\r\n");

        assertThat(response.status()).as(response.text()).isEqualTo(400);
        assertThat(response.header("content-type")).as(response.text()).startsWith("application/json");
        JsonNode body = Wire.MAPPER.readTree(response.body());
        assertThat(body.path("error").asText()).isEqualTo("bad_request");
        assertThat(body.path("detail").asText()).isNotBlank();
    }

    @Test
    void theWorkerStillAnswersAfterRefusedRequests() throws Exception {
        send("GET /v1/%2e%2e/health HTTP/1.1\r\nHost: worker\r\nConnection: close\r\n\r\n");

        RawResponse health = send("GET /v1/health HTTP/1.1\r\nHost: worker\r\nConnection: close\r\n\r\n");

        assertThat(health.status()).isEqualTo(200);
        assertThat(Wire.MAPPER.readTree(health.body()).path("state").asText()).isEqualTo("idle");
    }

    private RawResponse send(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.address().getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return new RawResponse(all.toString(StandardCharsets.UTF_8));
        }
    }

    /** One HTTP/1.1 response as read from the socket (the body as sent, or de-chunked when chunked). */
    private record RawResponse(String text) {
        int status() {
            return Integer.parseInt(text.split(" ", 3)[1]);
        }

        String header(String name) {
            for (String line : head().split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return "";
        }

        String head() {
            int end = text.indexOf("\r\n\r\n");
            return end < 0 ? text : text.substring(0, end);
        }

        String body() {
            int end = text.indexOf("\r\n\r\n");
            String raw = end < 0 ? "" : text.substring(end + 4);
            if (!"chunked".equalsIgnoreCase(header("transfer-encoding"))) {
                return raw;
            }
            StringBuilder body = new StringBuilder();
            int at = 0;
            while (at < raw.length()) {
                int lineEnd = raw.indexOf("\r\n", at);
                int size = Integer.parseInt(raw.substring(at, lineEnd).trim(), 16);
                if (size == 0) {
                    break;
                }
                body.append(raw, lineEnd + 2, lineEnd + 2 + size);
                at = lineEnd + 2 + size + 2;
            }
            return body.toString();
        }
    }
}
