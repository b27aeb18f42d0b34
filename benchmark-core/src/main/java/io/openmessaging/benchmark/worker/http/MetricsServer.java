package io.openmessaging.benchmark.worker.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;

/**
 * {@code GET /metrics} on the worker's stats port, for Prometheus: read-only and unauthenticated, on
 * Jetty like the protocol ({@link JettyServers}), so a stalled scraper blocks nobody. Other paths get 404,
 * other methods 405.
 */
public final class MetricsServer implements AutoCloseable {

    private final Server server;

    /** Bound at once to {@code address} (port 0: any free port); serves after {@link #start}. */
    public MetricsServer(InetSocketAddress address, WorkerMetrics metrics) throws IOException {
        this.server = JettyServers.bound(
                address,
                "worker-metrics",
                new Handler.Abstract() {
                    @Override
                    public boolean handle(Request request, Response response, Callback callback) {
                        String method = request.getMethod();
                        String body;
                        if (!"/metrics".equals(request.getHttpURI().getPath())) {
                            response.setStatus(404);
                            body = "not found: this port serves GET /metrics\n";
                        } else if (!"GET".equals(method) && !"HEAD".equals(method)) {
                            response.setStatus(405);
                            response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
                            body = "method not allowed: GET /metrics\n";
                        } else {
                            response.setStatus(200);
                            body = metrics.scrape();
                        }
                        response.getHeaders()
                                .put(
                                        HttpHeader.CONTENT_TYPE,
                                        response.getStatus() == 200
                                                ? "text/plain; version=0.0.4; charset=utf-8"
                                                : "text/plain; charset=utf-8");
                        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
                        return true;
                    }
                },
                JettyErrorAnswers.plainText());
    }

    public void start() {
        JettyServers.start(server);
    }

    public InetSocketAddress address() {
        return JettyServers.address(server);
    }

    @Override
    public void close() {
        JettyServers.stop(server);
    }
}
