package io.openmessaging.benchmark.worker.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The worker's HTTP servers (protocol and metrics), on Jetty: connections are read without blocking, so a
 * client that is slow to send its headers or body holds no thread (the JDK's server gave each one a
 * thread of a small pool, and eight stalled connections froze the whole API), and a connection idle for
 * {@value #IDLE_TIMEOUT_MILLIS} ms is closed.
 */
final class JettyServers {

    /** A connection that sends or reads nothing for this long is closed. */
    static final long IDLE_TIMEOUT_MILLIS = 30_000;
    /** Threads that run requests; requests are short except driver set-up and stops. */
    static final int MAX_THREADS = 32;
    /** The largest request header block: an Authorization header and a few more fit many times. */
    static final int MAX_HEADER_BYTES = 8 * 1024;

    private JettyServers() {}

    /**
     * A server bound to {@code address} (port 0: any free port) that runs {@code handler}; bound at once,
     * started by the caller. The answers Jetty gives itself (a refused path, a header block too large) come
     * from {@code errors}, in the server's own format rather than Jetty's HTML page.
     *
     * @throws IOException when the address cannot be bound
     */
    static Server bound(InetSocketAddress address, String threadName, Handler handler, JettyErrorAnswers errors)
            throws IOException {
        QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, 2);
        threads.setName(threadName);
        threads.setDaemon(true);
        Server server = new Server(threads);
        HttpConfiguration configuration = new HttpConfiguration();
        configuration.setSendServerVersion(false);
        configuration.setSendDateHeader(false);
        configuration.setRequestHeaderSize(MAX_HEADER_BYTES);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(configuration));
        connector.setHost(address.getHostString());
        connector.setPort(address.getPort());
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        server.addConnector(connector);
        server.setHandler(handler);
        server.setErrorHandler(errors);
        server.setStopTimeout(2_000);
        connector.open();
        return server;
    }

    /** The address {@code server} listens on (its only connector). */
    static InetSocketAddress address(Server server) {
        ServerConnector connector = (ServerConnector) server.getConnectors()[0];
        return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
    }

    static void start(Server server) {
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException("the HTTP server did not start: " + e, e);
        }
    }

    static void stop(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            // stopping on the way out: nothing left to do about it
        }
    }
}
