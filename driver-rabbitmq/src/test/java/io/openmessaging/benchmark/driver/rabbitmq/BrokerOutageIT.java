package io.openmessaging.benchmark.driver.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.TestResult;
import io.openmessaging.benchmark.testing.BrokerOutageContract;

/** The broker-outage drills ({@link BrokerOutageContract}) against a real local RabbitMQ node. */
class BrokerOutageIT extends BrokerOutageContract<LocalRabbitMqBroker> {

    /**
     * RabbitMQ's default max_message_size is 128 MiB, too large to send cheaply: the drill lowers the node's
     * limit to this at run time ({@link LocalRabbitMqBroker#setMaxMessageSize(int)})...
     */
    private static final int MAX_MESSAGE_BYTES = 16 * 1024;
    /** ... and sends messages above it. */
    private static final int TOO_LARGE_MESSAGE_BYTES = 64 * 1024;

    @Override
    protected LocalRabbitMqBroker startOwnBroker() {
        return LocalRabbitMqBroker.start();
    }

    @Override
    protected LocalRabbitMqBroker sharedBroker() {
        return SharedLocalRabbitMq.broker();
    }

    @Override
    protected void close(LocalRabbitMqBroker broker) {
        broker.close();
    }

    @Override
    protected void kill(LocalRabbitMqBroker broker) {
        broker.kill();
    }

    @Override
    protected void pause(LocalRabbitMqBroker broker) {
        broker.pause();
    }

    @Override
    protected void resume(LocalRabbitMqBroker broker) {
        broker.resume();
    }

    @Override
    protected boolean isPaused(LocalRabbitMqBroker broker) {
        return broker.isPaused();
    }

    @Override
    protected String address(LocalRabbitMqBroker broker) {
        return hostAndPort(broker.amqpUri());
    }

    @Override
    protected String driverFileName() {
        return "rabbitmq-local.yaml";
    }

    @Override
    protected String driverYaml(LocalRabbitMqBroker broker) {
        return SharedLocalRabbitMq.shippedYamlFor("rabbitmq-local.yaml", broker);
    }

    @Override
    protected int tooLargeMessageBytes() {
        return TOO_LARGE_MESSAGE_BYTES;
    }

    /** A node of its own with the limit lowered, so that the shared one keeps RabbitMQ's default. */
    @Override
    protected Lease<LocalRabbitMqBroker> brokerRefusing() {
        LocalRabbitMqBroker broker = LocalRabbitMqBroker.start();
        try {
            broker.setMaxMessageSize(MAX_MESSAGE_BYTES);
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        return new Lease<>(broker, true);
    }

    /**
     * The client fails sends at once when the connection drops, and the lost consumer ends the run within a
     * fraction of a second, so the outage shows as failed sends (each in the response times with the short time
     * to its failure) more than as waiting. A longer run after the kill must show it either way: the messages
     * waited through the outage, or most of those due in it failed or were written off.
     */
    @Override
    protected void assertTheOutageShows(TestResult result, double outageMillis, String summary) {
        long undelivered = result.totalSendErrors + result.totalMessagesNotSent + result.totalMessagesUnackedAtEnd;
        double dueDuringOutage = 2000 * outageMillis / 1000;
        assertThat(undelivered).as(summary).isPositive();
        assertThat(outageMillis < 1000
                        || result.aggregatedPublishResponseTimeMax >= 0.8 * outageMillis
                        || undelivered >= 0.5 * dueDuringOutage)
                .as(summary + "; undelivered " + undelivered + " of ~" + (long) dueDuringOutage + " due in the outage")
                .isTrue();
    }
}
