package io.openmessaging.benchmark.driver.kafka;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Utils;

/**
 * Tells a cluster that is not running from one that is slow to answer, while {@code initialize()} waits for
 * the cluster's first answer: Kafka's clients retry a refused connection until their timeout ({@code
 * initializeTimeoutMs}, 30 s by default) and never say that nothing listens. So the driver also opens a
 * plain TCP connection to every address of {@code bootstrap.servers} every {@value #PROBE_INTERVAL_MS} ms;
 * when every address has refused every such connection for {@value #REFUSED_FOR_MS} ms, nothing listens
 * there and waiting longer would not help. An address that accepts, or that does not answer at all (a
 * firewall dropping packets), leaves the wait to {@code initializeTimeoutMs} as before.
 *
 * <p>Not thread-safe: the thread of {@code initialize()} only. Times are given to {@link #probed}, so that
 * the rule is tested without waiting.
 */
final class BootstrapRefusal {

    /** How long every bootstrap address must refuse every connection before the cluster is taken as down. */
    static final long REFUSED_FOR_MS = 2_000;

    /** Time between two probes of the bootstrap addresses. */
    static final long PROBE_INTERVAL_MS = 250;

    /** How long one probe waits for a connection to be accepted or refused. */
    static final int CONNECT_TIMEOUT_MS = 500;

    /** One probe of the bootstrap addresses: whether every one refused, and how they did. */
    record Probe(boolean allRefused, String refusals) {}

    /** Opens a connection to one resolved address; throws {@link ConnectException} when it is refused. */
    @FunctionalInterface
    interface Connector {
        void connect(InetSocketAddress address) throws IOException;

        Connector TCP = address -> {
            try (Socket socket = new Socket()) {
                socket.connect(address, CONNECT_TIMEOUT_MS);
            }
        };
    }

    private final List<String> servers;
    private final Connector connector;
    private long refusedSinceNanos;
    private boolean refusing;
    /** An address accepted a connection: something listens, and there is no more to probe. */
    private boolean accepted;

    private String lastRefusals = "";

    /** @param bootstrapServers the {@code bootstrap.servers} value: {@code host:port} entries, comma-separated */
    BootstrapRefusal(String bootstrapServers, Connector connector) {
        List<String> entries = new ArrayList<>();
        for (String entry : bootstrapServers.split(",")) {
            if (!entry.isBlank()) {
                entries.add(entry.strip());
            }
        }
        this.servers = List.copyOf(entries);
        this.connector = connector;
    }

    /**
     * Probes every address once; an address is refused when every address its host name resolves to refused
     * the connection. An address that cannot be parsed or resolved counts as not refused: the client says
     * what is wrong with it. Once an address has accepted a connection, probes connect no more.
     */
    Probe probe() {
        if (accepted) {
            return new Probe(false, "");
        }
        List<String> refusals = new ArrayList<>();
        for (String server : servers) {
            String host = Utils.getHost(server);
            Integer port = Utils.getPort(server);
            if (host == null || port == null) {
                return new Probe(false, "");
            }
            InetAddress[] addresses;
            try {
                addresses = InetAddress.getAllByName(host);
            } catch (UnknownHostException e) {
                return new Probe(false, "");
            }
            for (InetAddress address : addresses) {
                try {
                    connector.connect(new InetSocketAddress(address, port));
                    accepted = true;
                    return new Probe(false, "");
                } catch (ConnectException e) {
                    // refused (or no route): this address does not take connections
                } catch (IOException e) {
                    return new Probe(false, ""); // a timeout: something may be there, only slow
                }
            }
            refusals.add(server);
        }
        return new Probe(!servers.isEmpty(), String.join(", ", refusals));
    }

    /**
     * Takes one probe made at {@code nowNanos} (a monotonic time); returns whether every address has refused
     * every probe for at least {@link #REFUSED_FOR_MS}.
     */
    boolean probed(Probe probe, long nowNanos) {
        if (!probe.allRefused()) {
            refusing = false;
            return false;
        }
        if (!refusing) {
            refusing = true;
            refusedSinceNanos = nowNanos;
        }
        lastRefusals = probe.refusals();
        return nowNanos - refusedSinceNanos >= REFUSED_FOR_MS * 1_000_000L;
    }

    /** The addresses that refused in the last probe, comma-separated. */
    String refusedAddresses() {
        return lastRefusals;
    }
}
