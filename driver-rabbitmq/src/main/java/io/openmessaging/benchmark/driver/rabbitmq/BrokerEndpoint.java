package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.ConnectionFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * One broker address from {@code amqpUris}, with the credentials and virtual host that apply to it.
 * Immutable.
 *
 * <p>URI form: {@code amqp[s]://[user:password@]host[:port][/vhost]} with percent-encoding (so the
 * vhost {@code /} is {@code %2F}). What the URI leaves out comes from the YAML's {@code username},
 * {@code password} and {@code virtualHost}; what neither gives is the client library's default
 * (user {@code guest}, which RabbitMQ accepts over loopback only, and vhost {@code /}). The driver
 * itself never supplies credentials.
 *
 * @param host host name or address
 * @param port AMQP port (default 5672, or 5671 for {@code amqps})
 * @param tls whether the URI is {@code amqps}: TLS with the JVM's default trust store and hostname
 *     verification
 * @param virtualHost the vhost, or {@code null} for the library default
 * @param username the user, or {@code null} for the library default
 * @param password the password, or {@code null} with {@code username}
 */
public record BrokerEndpoint(String host, int port, boolean tls, String virtualHost, String username, String password) {

    /**
     * Parses one URI.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    static BrokerEndpoint parse(
            String text, String defaultUsername, String defaultPassword, String defaultVirtualHost) {
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + masked(text) + "' is not a URI (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("amqp") || scheme.equalsIgnoreCase("amqps"))) {
            throw new IllegalArgumentException("'" + masked(text) + "' must start with amqp:// or amqps://");
        }
        boolean tls = scheme.equalsIgnoreCase("amqps");
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("'" + masked(text) + "' names no host");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("'" + masked(text) + "' has a query or fragment; connection settings"
                    + " are driver YAML keys here, not URI parameters");
        }
        int port = uri.getPort() == -1
                ? (tls ? ConnectionFactory.DEFAULT_AMQP_OVER_SSL_PORT : ConnectionFactory.DEFAULT_AMQP_PORT)
                : uri.getPort();

        String username = defaultUsername;
        String password = defaultPassword;
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(
                        "'" + masked(text) + "' gives a user but no password;" + " write amqp://user:password@host");
            }
            username = decode(userInfo.substring(0, colon));
            password = decode(userInfo.substring(colon + 1));
        }

        String virtualHost = defaultVirtualHost;
        String path = uri.getRawPath();
        if (path != null && path.length() > 1) {
            String rawVhost = path.substring(1);
            if (rawVhost.contains("/")) {
                throw new IllegalArgumentException("'" + masked(text) + "' has a path with several segments;"
                        + " the path is the vhost, with '/' written %2F");
            }
            virtualHost = decode(rawVhost);
        }
        return new BrokerEndpoint(uri.getHost(), port, tls, virtualHost, username, password);
    }

    /**
     * The largest message body a consumer accepts: RabbitMQ's own ceiling for {@code max_message_size}
     * (512 MiB), so the broker's setting decides what a run can send, not the Java client's default of 64 MiB.
     */
    static final int MAX_INBOUND_BODY_BYTES = 512 << 20;

    /**
     * A connection factory for this broker: no automatic recovery (a failure is a result); consumers take
     * any body the broker delivers ({@link #MAX_INBOUND_BODY_BYTES}).
     */
    public ConnectionFactory connectionFactory(int connectionTimeoutMs) {
        return connectionFactory(connectionTimeoutMs, 0);
    }

    /**
     * As {@link #connectionFactory(int)}, with the client's automatic recovery when {@code recoveryIntervalMs}
     * is above 0: a lost connection is reopened every that many milliseconds until it succeeds, with its
     * channels and their subscriptions (topology recovery). Queues and exchanges are declared on the admin
     * connections and outlive the loss (durable), so only this connection's own state is reopened.
     */
    public ConnectionFactory connectionFactory(int connectionTimeoutMs, int recoveryIntervalMs) {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setMaxInboundMessageBodySize(MAX_INBOUND_BODY_BYTES);
        factory.setExceptionHandler(new LostConnectionHandler());
        factory.setHost(host);
        factory.setPort(port);
        if (virtualHost != null) {
            factory.setVirtualHost(virtualHost);
        }
        if (username != null) {
            factory.setUsername(username);
            factory.setPassword(password);
        }
        if (tls) {
            try {
                factory.useSslProtocol(SSLContext.getDefault());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("this JVM has no default TLS context", e);
            }
            factory.enableHostnameVerification();
        }
        boolean recovery = recoveryIntervalMs > 0;
        factory.setAutomaticRecoveryEnabled(recovery);
        factory.setTopologyRecoveryEnabled(recovery);
        if (recovery) {
            factory.setNetworkRecoveryInterval(recoveryIntervalMs);
        }
        factory.setConnectionTimeout(connectionTimeoutMs);
        factory.setHandshakeTimeout(connectionTimeoutMs);
        factory.setShutdownTimeout(RabbitMqDefaults.CLOSE_TIMEOUT_MS);
        factory.setRequestedHeartbeat(RabbitMqDefaults.HEARTBEAT_SECONDS);
        return factory;
    }

    /** The host and port, as the client library addresses a broker. */
    Address address() {
        return new Address(host, port);
    }

    /**
     * Whether a connection made for this endpoint may fall back to {@code other}: the same TLS, virtual host
     * and credentials, so only the address differs.
     */
    boolean sameLogin(BrokerEndpoint other) {
        return tls == other.tls
                && Objects.equals(virtualHost, other.virtualHost)
                && Objects.equals(username, other.username)
                && Objects.equals(password, other.password);
    }

    /** {@code amqp://user@host:port/vhost} without the password, for logs and result metadata. */
    String display() {
        String vhost = virtualHost == null ? "" : "/" + encodeVhost(virtualHost);
        return (tls ? "amqps://" : "amqp://") + (username == null ? "" : username + "@") + host + ":" + port + vhost;
    }

    @Override
    public String toString() {
        return display();
    }

    /** The URI with any password replaced by {@code ***}, for error messages. */
    static String masked(String uri) {
        return uri.replaceAll("(?<=://)([^:/@]*):[^@/]*@", "$1:***@");
    }

    private static String decode(String raw) {
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** Percent-encodes what a vhost path segment cannot hold literally. */
    private static String encodeVhost(String vhost) {
        return vhost.replace("%", "%25").replace("/", "%2F").replace("@", "%40").replace(":", "%3A");
    }
}
