import java.io.FileReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Readiness check used by {@code bin/local-broker kafka start}: the broker counts as ready once a
 * client can create a topic, produce a record with {@code acks=all} and read that record back through
 * a consumer group (which also brings up the group coordinator and {@code __consumer_offsets}).
 *
 * <p>Compiled by the script against the client jar of the Kafka release it starts (3.7 and newer), so it
 * uses only client API all of those releases have.
 *
 * <p>Usage: {@code ReadinessProbe <bootstrap servers> <timeout millis> [client properties file]}.
 * Exit status: 0 ready, 1 not ready before the timeout, 2 authentication failed (retrying cannot
 * help), 3 usage error. Progress goes to stdout, one line per step.
 */
public final class ReadinessProbe {
    private static final String TOPIC = "local-broker-readiness";
    private static final Duration POLL_INTERVAL = Duration.ofMillis(200);
    private static final long RETRY_PAUSE_MILLIS = 250;
    /** Bounds every close: a broker that never came up must not hold the probe past its timeout. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

    private final Properties clientProperties;
    private final long deadlineNanos;
    private final long startNanos = System.nanoTime();
    private final String marker = "ready-" + ProcessHandle.current().pid() + "-" + System.nanoTime();

    private ReadinessProbe(Properties clientProperties, long timeoutMillis) {
        this.clientProperties = clientProperties;
        this.deadlineNanos = startNanos + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    public static void main(String[] args) {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: ReadinessProbe <bootstrap servers> <timeout millis> [client properties file]");
            System.exit(3);
        }
        Properties properties = new Properties();
        try {
            if (args.length == 3) {
                try (Reader reader = new FileReader(args[2], StandardCharsets.UTF_8)) {
                    properties.load(reader);
                }
            }
        } catch (IOException e) {
            System.err.println("cannot read client properties " + args[2] + ": " + e);
            System.exit(3);
        }
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        ReadinessProbe probe = new ReadinessProbe(properties, Long.parseLong(args[1]));
        try {
            probe.createTopic();
            probe.produceMarker();
            probe.consumeMarker();
            probe.report("ready");
            System.exit(0);
        } catch (AuthenticationException e) {
            probe.report("authentication failed: " + e);
            System.exit(2);
        } catch (NotReadyException e) {
            probe.report("not ready before the timeout: " + e.getMessage());
            System.exit(1);
        }
    }

    private void createTopic() throws NotReadyException {
        Properties config = copyOfClientProperties();
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(Math.max(remainingMillis(), 3000)));
        Admin admin = Admin.create(config);
        try {
            Throwable lastError = null;
            while (remainingMillis() > 0) {
                try {
                    admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)))
                            .all()
                            .get(remainingMillis(), TimeUnit.MILLISECONDS);
                    report("topic " + TOPIC + " created");
                    return;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof TopicExistsException) {
                        report("topic " + TOPIC + " exists");
                        return;
                    }
                    rethrowAuthenticationFailure(e.getCause());
                    lastError = e.getCause();
                } catch (java.util.concurrent.TimeoutException e) {
                    lastError = e;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new NotReadyException("interrupted while creating " + TOPIC);
                }
                pauseBeforeRetry();
            }
            throw new NotReadyException("could not create topic " + TOPIC + "; last error: " + lastError);
        } finally {
            admin.close(CLOSE_TIMEOUT);
        }
    }

    private void produceMarker() throws NotReadyException {
        Properties config = copyOfClientProperties();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(Math.max(remainingMillis(), 6000)));
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(Math.max(remainingMillis(), 1000)));
        KafkaProducer<String, String> producer = new KafkaProducer<>(config);
        try {
            producer.send(new ProducerRecord<>(TOPIC, marker)).get(remainingMillis(), TimeUnit.MILLISECONDS);
            report("record produced");
        } catch (ExecutionException e) {
            rethrowAuthenticationFailure(e.getCause());
            throw new NotReadyException("produce failed: " + e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new NotReadyException("produce did not complete");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotReadyException("interrupted while producing");
        } finally {
            producer.close(CLOSE_TIMEOUT);
        }
    }

    private void consumeMarker() throws NotReadyException {
        Properties config = copyOfClientProperties();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, marker);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config);
        try {
            consumer.subscribe(List.of(TOPIC));
            while (remainingMillis() > 0) {
                for (ConsumerRecord<String, String> record : consumer.poll(POLL_INTERVAL)) {
                    if (marker.equals(record.value())) {
                        report("record consumed through consumer group");
                        return;
                    }
                }
            }
        } finally {
            // close(Duration) is deprecated from Kafka 4.1 on, but CloseOptions, its successor, is missing
            // from the older releases this probe is compiled against
            consumer.close(CLOSE_TIMEOUT);
        }
        throw new NotReadyException("the produced record did not arrive at a group consumer");
    }

    private Properties copyOfClientProperties() {
        Properties copy = new Properties();
        copy.putAll(clientProperties);
        copy.put(AdminClientConfig.CLIENT_ID_CONFIG, "local-broker-readiness");
        // The broker opens its port a few seconds after the probe starts: retry connections and
        // requests quickly instead of backing off towards the one-second defaults.
        copy.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "200");
        copy.put(AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "200");
        return copy;
    }

    private static void rethrowAuthenticationFailure(Throwable cause) {
        if (cause instanceof AuthenticationException authenticationFailure) {
            throw authenticationFailure;
        }
    }

    private long remainingMillis() {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
    }

    private void pauseBeforeRetry() throws NotReadyException {
        try {
            Thread.sleep(Math.min(RETRY_PAUSE_MILLIS, remainingMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotReadyException("interrupted");
        }
    }

    private void report(String step) {
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        System.out.printf("readiness +%d ms: %s%n", elapsedMillis, step);
        System.out.flush();
    }

    private static final class NotReadyException extends Exception {
        private static final long serialVersionUID = 1L;

        NotReadyException(String message) {
            super(message);
        }
    }
}
