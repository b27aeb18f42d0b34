package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.AddressResolver;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownSignalException;
import io.openmessaging.benchmark.driver.DriverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fixed number of connections ({@code connectionsPerEndpoint} per broker) from which channels are
 * handed out round-robin: producers and consumers each get a channel of their own, and the number of
 * connections stays bounded however many clients a workload has. Connections open on first use.
 * Without recovery ({@code connectionRecovery: false}) they are never reopened: a lost connection fails
 * the clients on it, as a benchmark should report. With recovery the client library reopens a lost
 * connection, its channels and their subscriptions, trying the connection's own broker first and then the
 * file's other brokers (those with the same credentials and virtual host), and each loss and recovery is
 * logged once and counted. Thread-safe.
 */
final class ConnectionPool {

    private static final Logger log = LoggerFactory.getLogger(ConnectionPool.class);

    private final String purpose;
    private final List<BrokerEndpoint> endpoints;
    private final int connectionTimeoutMs;
    private final int recoveryIntervalMs;
    private final RabbitMqDriverStats stats;
    private final Connection[] connections;
    private int nextSlot; // guarded by this
    private boolean closed; // guarded by this

    /** @param purpose {@code producers} or {@code consumers}: names the connections on the broker */
    ConnectionPool(
            String purpose,
            List<BrokerEndpoint> endpoints,
            int connectionsPerEndpoint,
            int connectionTimeoutMs,
            int recoveryIntervalMs,
            RabbitMqDriverStats stats) {
        this.purpose = purpose;
        this.endpoints = List.copyOf(endpoints);
        this.connectionTimeoutMs = connectionTimeoutMs;
        this.recoveryIntervalMs = recoveryIntervalMs;
        this.stats = stats;
        this.connections = new Connection[endpoints.size() * connectionsPerEndpoint];
    }

    /** A new channel on the next connection in turn (slot {@code i} is on endpoint {@code i mod brokers}). */
    synchronized Channel openChannel() throws DriverException {
        if (closed) {
            throw new DriverException("the rabbitmq driver is closed; cannot open a channel for " + purpose);
        }
        int slot = nextSlot;
        nextSlot = (nextSlot + 1) % connections.length;
        BrokerEndpoint endpoint = endpoints.get(slot % endpoints.size());
        Connection connection = connections[slot];
        if (connection == null) {
            String name = "omb-" + purpose + "-" + slot;
            connection = connect(endpoint, endpoints, name, connectionTimeoutMs, recoveryIntervalMs, stats);
            connection.addBlockedListener(
                    reason -> log.warn(
                            "Broker {} blocks connection {}: {} (a resource alarm; publishing on it"
                                    + " waits until the alarm clears)",
                            endpoint,
                            name,
                            reason),
                    () -> log.info("Broker {} unblocked connection {}", endpoint, name));
            connections[slot] = connection;
        } else if (!connection.isOpen()) {
            throw new DriverException("the connection omb-" + purpose + "-" + slot + " to " + endpoint + " is closed ("
                    + describe(connection.getCloseReason()) + ")"
                    + (recoveryIntervalMs > 0
                            ? " and being reopened; try again"
                            : "; the driver does not reconnect" + " (connectionRecovery: false)"));
        }
        try {
            Channel channel = connection.createChannel();
            if (channel == null) {
                throw new DriverException("the connection omb-" + purpose + "-" + slot + " to " + endpoint
                        + " has no free channel (channel_max " + connection.getChannelMax() + "); raise "
                        + (purpose.equals("producers") ? "producerConnectionsPerUri" : "consumerConnectionsPerUri"));
            }
            return channel;
        } catch (IOException | ShutdownSignalException e) {
            throw new DriverException("cannot open a channel on " + endpoint + ": " + describe(e), e);
        }
    }

    /** Connections open right now. */
    synchronized int openConnections() {
        int open = 0;
        for (Connection connection : connections) {
            if (connection != null && connection.isOpen()) {
                open++;
            }
        }
        return open;
    }

    /** Closes every connection (bounded by {@code timeoutMs} each); aborts those already failing. */
    synchronized void close(int timeoutMs) {
        closed = true;
        for (int i = 0; i < connections.length; i++) {
            Connection connection = connections[i];
            connections[i] = null;
            if (connection == null) {
                continue;
            }
            if (connection.isOpen()) {
                try {
                    connection.close(timeoutMs);
                    continue;
                } catch (IOException | RuntimeException e) {
                    // fall through to abort: the socket may be dead already
                }
            }
            connection.abort(timeoutMs);
        }
    }

    /** Opens one named connection without recovery, with a message a person can act on when it fails. */
    static Connection connect(BrokerEndpoint endpoint, String name, int connectionTimeoutMs) throws DriverException {
        return connect(endpoint, List.of(endpoint), name, connectionTimeoutMs, 0, null);
    }

    /**
     * Opens one named connection to {@code endpoint}. With {@code recoveryIntervalMs} above 0 the connection
     * reopens itself when lost, to {@code endpoint} first and then to the other {@code endpoints} with the same
     * login, in the file's order; its losses and recoveries are logged and counted in {@code stats}.
     */
    static Connection connect(
            BrokerEndpoint endpoint,
            List<BrokerEndpoint> endpoints,
            String name,
            int connectionTimeoutMs,
            int recoveryIntervalMs,
            RabbitMqDriverStats stats)
            throws DriverException {
        Connection connection;
        try {
            if (recoveryIntervalMs <= 0) {
                connection = endpoint.connectionFactory(connectionTimeoutMs).newConnection(name);
            } else {
                connection = endpoint.connectionFactory(connectionTimeoutMs, recoveryIntervalMs)
                        .newConnection(null, new InOrder(addresses(endpoint, endpoints)), name);
            }
        } catch (IOException | TimeoutException | RuntimeException e) {
            throw new DriverException("cannot connect to " + endpoint + ": " + describe(e) + hint(e), e);
        }
        if (recoveryIntervalMs > 0 && connection instanceof Recoverable recoverable) {
            watchRecovery(connection, recoverable, name, recoveryIntervalMs, stats);
        }
        return connection;
    }

    /** {@code endpoint}'s address, then those of the other endpoints it may fall back to, without repeats. */
    static List<Address> addresses(BrokerEndpoint endpoint, List<BrokerEndpoint> endpoints) {
        List<Address> addresses = new ArrayList<>();
        addresses.add(endpoint.address());
        for (BrokerEndpoint other : endpoints) {
            Address address = other.address();
            if (endpoint.sameLogin(other) && !addresses.contains(address)) {
                addresses.add(address);
            }
        }
        return List.copyOf(addresses);
    }

    /** One WARN line when a connection is lost, one INFO line when it is back, and the count of recoveries. */
    private static void watchRecovery(
            Connection connection,
            Recoverable recoverable,
            String name,
            int recoveryIntervalMs,
            RabbitMqDriverStats stats) {
        AtomicLong lostAtNanos = new AtomicLong();
        connection.addShutdownListener(cause -> {
            if (!cause.isInitiatedByApplication()) {
                lostAtNanos.set(System.nanoTime());
                log.warn(
                        "Connection {} to {} lost ({}); reopening it every {} ms",
                        name,
                        connection.getAddress().getHostAddress() + ":" + connection.getPort(),
                        describe(cause),
                        recoveryIntervalMs);
            }
        });
        recoverable.addRecoveryListener(new RecoveryListener() {
            @Override
            public void handleRecovery(Recoverable recovered) {
                if (stats != null) {
                    stats.connectionRecoveries.increment();
                }
                long lost = lostAtNanos.get();
                log.info(
                        "Connection {} reopened to {}:{}{}",
                        name,
                        connection.getAddress().getHostAddress(),
                        connection.getPort(),
                        lost == 0 ? "" : " " + (System.nanoTime() - lost) / 1_000_000 + " ms after its loss");
            }

            @Override
            public void handleRecoveryStarted(Recoverable recovering) {
                // the loss is logged by the shutdown listener
            }
        });
    }

    /** The addresses in the given order: the client library would shuffle them. */
    private record InOrder(List<Address> addresses) implements AddressResolver {
        @Override
        public List<Address> getAddresses() {
            return addresses;
        }

        @Override
        public List<Address> maybeShuffle(List<Address> input) {
            return input;
        }
    }

    /** The most telling message of an AMQP client failure (the broker's reply text when there is one). */
    static String describe(Throwable error) {
        Throwable cause = error;
        while (cause != null) {
            if (cause instanceof ShutdownSignalException signal) {
                if (signal.getReason() != null) {
                    return signal.getReason() + (signal.isHardError() ? " (connection error)" : " (channel error)");
                }
                Throwable lost = signal.getCause();
                if (lost != null) {
                    return "connection lost: " + lost.getClass().getSimpleName()
                            + (lost.getMessage() == null ? "" : ": " + lost.getMessage());
                }
                return signal.getMessage();
            }
            if (cause.getCause() == null || cause.getCause() == cause) {
                break;
            }
            cause = cause.getCause();
        }
        String message = cause == null ? null : cause.getMessage();
        return cause == null
                ? "unknown error"
                : cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static String hint(Throwable error) {
        String text = describe(error);
        if (error instanceof com.rabbitmq.client.AuthenticationFailureException
                || text.contains("ACCESS_REFUSED")
                || text.contains("PossibleAuthenticationFailure")) {
            return "; check the user and password (in the URI or the username/password keys); the guest user"
                    + " works only over loopback";
        }
        if (text.contains("NOT_ALLOWED") || text.contains("vhost")) {
            return "; check the virtual host (URI path, %2F for /, or the virtualHost key) and the user's permissions on it";
        }
        if (text.contains("Connection refused")) {
            return "; is the broker running? (bin/local-broker rabbitmq start for a local one)";
        }
        return "";
    }
}
