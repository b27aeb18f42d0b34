package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.testing.BrokerOutageContract;

/** The broker-outage drills ({@link BrokerOutageContract}) against a real local Kafka broker (KRaft). */
class BrokerOutageIT extends BrokerOutageContract<LocalKafkaBroker> {

    /** Kafka's default message.max.bytes (1 MiB + 12) and max.request.size (1 MiB): 2 MiB exceeds both. */
    private static final int TOO_LARGE_MESSAGE_BYTES = 2 * 1024 * 1024;

    @Override
    protected LocalKafkaBroker startOwnBroker() {
        return LocalKafkaBroker.start(false);
    }

    @Override
    protected LocalKafkaBroker sharedBroker() {
        return SharedLocalKafka.plaintextBroker();
    }

    @Override
    protected void close(LocalKafkaBroker broker) {
        broker.close();
    }

    @Override
    protected void kill(LocalKafkaBroker broker) {
        broker.kill();
    }

    @Override
    protected void pause(LocalKafkaBroker broker) {
        broker.pause();
    }

    @Override
    protected void resume(LocalKafkaBroker broker) {
        broker.resume();
    }

    @Override
    protected boolean isPaused(LocalKafkaBroker broker) {
        return broker.isPaused();
    }

    @Override
    protected String address(LocalKafkaBroker broker) {
        return broker.bootstrapServers();
    }

    @Override
    protected String driverFileName() {
        return "kafka-local.yaml";
    }

    @Override
    protected String driverYaml(LocalKafkaBroker broker) throws Exception {
        return SharedLocalKafka.shippedYamlFor("kafka-local.yaml", broker);
    }

    @Override
    protected int tooLargeMessageBytes() {
        return TOO_LARGE_MESSAGE_BYTES;
    }

    /** The producer's max.request.size raised to 4 MiB, so that the client sends what the broker refuses. */
    @Override
    protected String driverYamlForLargeMessages(LocalKafkaBroker broker) throws Exception {
        String yaml = driverYaml(broker);
        String raised = yaml.replace("producerConfig: |\n", "producerConfig: |\n  max.request.size=4194304\n");
        if (raised.equals(yaml)) {
            throw new IllegalStateException(
                    "kafka-local.yaml has no producerConfig block to raise max.request.size in");
        }
        return raised;
    }
}
