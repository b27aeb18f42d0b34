package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.testing.BrokerOutageContract;

/** The broker-outage drills ({@link BrokerOutageContract}) against a real local Pulsar standalone. */
class BrokerOutageIT extends BrokerOutageContract<LocalPulsarStandalone> {

    /** Above Pulsar's default maxMessageSize (5 MiB), which the local standalone keeps. */
    private static final int TOO_LARGE_MESSAGE_BYTES = 6 * 1024 * 1024;

    @Override
    protected LocalPulsarStandalone startOwnBroker() {
        return LocalPulsarStandalone.start();
    }

    @Override
    protected LocalPulsarStandalone sharedBroker() {
        return SharedLocalPulsar.standalone();
    }

    @Override
    protected void close(LocalPulsarStandalone broker) {
        broker.close();
    }

    @Override
    protected void kill(LocalPulsarStandalone broker) {
        broker.kill();
    }

    @Override
    protected void pause(LocalPulsarStandalone broker) {
        broker.pause();
    }

    @Override
    protected void resume(LocalPulsarStandalone broker) {
        broker.resume();
    }

    @Override
    protected boolean isPaused(LocalPulsarStandalone broker) {
        return broker.isPaused();
    }

    @Override
    protected String address(LocalPulsarStandalone broker) {
        return hostAndPort(broker.serviceUrl());
    }

    @Override
    protected String driverFileName() {
        return "pulsar-local.yaml";
    }

    @Override
    protected String driverYaml(LocalPulsarStandalone broker) throws Exception {
        return SharedLocalPulsar.shippedYamlFor("pulsar-local.yaml", broker);
    }

    @Override
    protected int tooLargeMessageBytes() {
        return TOO_LARGE_MESSAGE_BYTES;
    }
}
