package io.openmessaging.benchmark.regression;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A matrix case fails when its broker reported another version than the one requested. */
class BrokerVersionCheckTest {

    @Test
    void kafkaMatchesOnTheReleaseLineItReports() {
        assertThat(BrokerVersionCheck.expectedReport("kafka", "3.9.2")).isEqualTo("3.9");
        assertThat(BrokerVersionCheck.failure("kafka", "3.9.2", "3.9")).isEmpty();
        assertThat(BrokerVersionCheck.failure("kafka", "4.4.0", "4.4")).isEmpty();
    }

    @Test
    void kafkaOfAnotherLineFails() {
        assertThat(BrokerVersionCheck.failure("kafka", "3.9.2", "4.4"))
                .contains("version: kafka 3.9.2 was requested, but the broker reported 4.4 (expected 3.9, the release"
                        + " line Kafka reports)");
        assertThat(BrokerVersionCheck.failure("kafka", "4.0.2", "4.1")).isPresent();
    }

    @Test
    void pulsarAndRabbitmqMustReportTheExactRelease() {
        assertThat(BrokerVersionCheck.failure("pulsar", "3.0.7", "3.0.7")).isEmpty();
        assertThat(BrokerVersionCheck.failure("rabbitmq", "3.10.8", "3.10.8")).isEmpty();
        assertThat(BrokerVersionCheck.failure("pulsar", "3.0.7", "4.2.4"))
                .contains("version: pulsar 3.0.7 was requested, but the broker reported 4.2.4 (expected 3.0.7)");
        assertThat(BrokerVersionCheck.failure("pulsar", "3.0.7", "3.0")).isPresent();
    }

    @Test
    void aResultWithoutVersionFails() {
        assertThat(BrokerVersionCheck.failure("kafka", "4.4.0", null))
                .contains("version: kafka 4.4.0 was requested, but the result records no broker version (its 'version'"
                        + " is empty); expected 4.4");
        assertThat(BrokerVersionCheck.failure("pulsar", "4.2.4", " ")).isPresent();
    }
}
