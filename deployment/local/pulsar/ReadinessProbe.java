import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.admin.PulsarAdminException;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.Schema;
import org.apache.pulsar.client.api.SubscriptionInitialPosition;

/**
 * Readiness check used by {@code bin/local-broker pulsar start}: the standalone counts as ready once
 * its start-up created the namespace {@code public/default}, a client created a topic there,
 * subscribed to it, produced a message and received that message back.
 *
 * <p>Usage: {@code ReadinessProbe <service url> <http url> <timeout millis>}. Exit status: 0 ready, 1
 * not ready before the timeout, 3 usage error. Progress goes to stdout, one line per step.
 */
public final class ReadinessProbe {
    private static final String NAMESPACE = "public/default";
    private static final String TOPIC = "persistent://" + NAMESPACE + "/local-broker-readiness";
    private static final long RETRY_PAUSE_MILLIS = 250;
    /** Bounds each admin request and client operation, so that a retry comes soon after a refusal. */
    private static final int REQUEST_TIMEOUT_MILLIS = 5_000;

    private final String serviceUrl;
    private final String httpUrl;
    private final long deadlineNanos;
    private final long startNanos = System.nanoTime();
    private final String marker = "ready-" + ProcessHandle.current().pid() + "-" + System.nanoTime();

    private ReadinessProbe(String serviceUrl, String httpUrl, long timeoutMillis) {
        this.serviceUrl = serviceUrl;
        this.httpUrl = httpUrl;
        this.deadlineNanos = startNanos + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: ReadinessProbe <service url> <http url> <timeout millis>");
            System.exit(3);
        }
        ReadinessProbe probe = new ReadinessProbe(args[0], args[1], Long.parseLong(args[2]));
        try {
            probe.awaitNamespaceAndCreateTopic();
            probe.roundTrip();
            probe.report("ready");
            System.exit(0);
        } catch (NotReadyException e) {
            probe.report("not ready before the timeout: " + e.getMessage());
            System.exit(1);
        }
    }

    private void awaitNamespaceAndCreateTopic() throws NotReadyException {
        PulsarAdmin admin;
        try {
            admin = PulsarAdmin.builder()
                    .serviceHttpUrl(httpUrl)
                    .connectionTimeout(REQUEST_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                    .requestTimeout(REQUEST_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                    .build();
        } catch (PulsarClientException e) {
            throw new NotReadyException("cannot build an admin client for " + httpUrl + ": " + e);
        }
        try (admin) {
            Object lastProblem = "no answer yet";
            boolean namespaceSeen = false;
            while (remainingMillis() > 0) {
                try {
                    if (!namespaceSeen) {
                        // the tenant first: asking a missing tenant for its namespaces logs an ERROR on the broker
                        if (!admin.tenants().getTenants().contains("public")) {
                            lastProblem = "no tenant 'public' yet";
                            pauseBeforeRetry();
                            continue;
                        }
                        List<String> namespaces = admin.namespaces().getNamespaces("public");
                        if (!namespaces.contains(NAMESPACE)) {
                            lastProblem = "tenant 'public' has " + namespaces + ", not yet " + NAMESPACE;
                            pauseBeforeRetry();
                            continue;
                        }
                        namespaceSeen = true;
                        report("namespace " + NAMESPACE + " exists");
                    }
                    admin.topics().createNonPartitionedTopic(TOPIC);
                    report("topic " + TOPIC + " created");
                    return;
                } catch (PulsarAdminException.ConflictException e) {
                    report("topic " + TOPIC + " exists");
                    return;
                } catch (PulsarAdminException e) {
                    lastProblem = e.getClass().getSimpleName() + ": " + firstLine(e.getMessage());
                }
                pauseBeforeRetry();
            }
            throw new NotReadyException((namespaceSeen ? "could not create " + TOPIC : "no namespace " + NAMESPACE)
                    + " at " + httpUrl + "; last problem: " + lastProblem);
        }
    }

    private void roundTrip() throws NotReadyException {
        PulsarClient client;
        try {
            client = PulsarClient.builder()
                    .serviceUrl(serviceUrl)
                    .operationTimeout(REQUEST_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                    .connectionTimeout(REQUEST_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                    .build();
        } catch (PulsarClientException e) {
            throw new NotReadyException("cannot build a client for " + serviceUrl + ": " + e);
        }
        try {
            Consumer<String> consumer = retry(
                    "subscribe",
                    () -> client.newConsumer(Schema.STRING)
                            .topic(TOPIC)
                            .subscriptionName(marker)
                            .subscriptionInitialPosition(SubscriptionInitialPosition.Earliest)
                            .subscribe());
            report("subscribed");
            Producer<String> producer = retry(
                    "create a producer",
                    () -> client.newProducer(Schema.STRING)
                            .topic(TOPIC)
                            .enableBatching(false)
                            .sendTimeout(REQUEST_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                            .create());
            retry("produce", () -> producer.send(marker));
            report("message produced");
            while (remainingMillis() > 0) {
                Message<String> message;
                try {
                    message = consumer.receive((int) Math.min(remainingMillis(), 1_000), TimeUnit.MILLISECONDS);
                } catch (PulsarClientException e) {
                    throw new NotReadyException("receive failed: " + e);
                }
                if (message != null) {
                    consumer.acknowledgeAsync(message);
                    if (marker.equals(message.getValue())) {
                        report("message consumed");
                        consumer.unsubscribeAsync();
                        return;
                    }
                }
            }
            throw new NotReadyException("the produced message did not arrive at the consumer");
        } finally {
            client.closeAsync();
        }
    }

    private interface Step<T> {
        T run() throws PulsarClientException;
    }

    private <T> T retry(String what, Step<T> step) throws NotReadyException {
        PulsarClientException last = null;
        while (remainingMillis() > 0) {
            try {
                return step.run();
            } catch (PulsarClientException e) {
                last = e;
            }
            pauseBeforeRetry();
        }
        throw new NotReadyException("could not " + what + "; last error: " + last);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
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
