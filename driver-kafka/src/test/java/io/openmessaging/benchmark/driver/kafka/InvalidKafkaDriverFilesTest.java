package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.testing.DriverFileCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One broken Kafka driver file per kind of mistake under {@code drivers-invalid/}, each with the exact
 * message {@code bin/benchmark validate} prints: the file, the line, the key, what was found and what is
 * allowed.
 */
class InvalidKafkaDriverFilesTest {

    private static final String CASES = """
            acks-maybe               | :7:3: key 'producerConfig' sets property 'acks', which is 'maybe': the Kafka client refuses it (Invalid value maybe for configuration acks: String must be one of: all, -1, 0, 1)
            unknown-topic-config     | :5:3: key 'topicConfig' sets property 'min.insync.replica', which is not a topic config Kafka defines, and Kafka brokers refuse unknown ones (did you mean 'min.insync.replicas'?); allowed: cleanup.policy, compression.gzip.level,
            retention-not-a-number   | :5:3: key 'topicConfig' sets property 'retention.ms', which is 'forever'; allowed: a whole number of milliseconds (-1 for no limit)
            bootstrap-without-port   | :5:3: key 'commonConfig' sets property 'bootstrap.servers', which is 'broker-1:9092,broker-2': 'broker-2' is not host:port with a port from 1 to 65535; allowed: host:port[,host:port…]
            bootstrap-missing        | : commonConfig must set bootstrap.servers (host:port[,host:port…]); the admin client, producers and consumers all connect through it
            yaml-alias               | :6:17: YAML aliases (*common) are not supported; write the value out
            group-id-empty           | :7:3: key 'consumerConfig' sets property 'group.id', which is empty; allowed: a consumer group name, or no group.id (each subscription is then a group named after it)
            transactions-acks-1      | :8:3: key 'producerConfig' sets property 'acks', which is 1, but requestsPerTransaction runs Kafka transactions, which need acks=all
            unknown-key              | :4:1: unknown key 'replicationFacter' (did you mean 'replicationFactor'?); allowed keys: name, driver, driverClass, replicationFactor, topicConfig,
            replication-not-a-number | :4:20: replicationFactor: found 'three', expected an integer number of replicas from 1 to 32767
            block-as-mapping         | :5:3: commonConfig: found a nested mapping, expected a block of Java properties that sets bootstrap.servers
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = CASES)
    void validateNamesFileLineKeyAndWhatIsAllowed(String name, String detail) {
        DriverFileCorpus.assertOneProblem(name, detail);
    }

    @Test
    void everyFileInTheCorpusHasItsExpectedMessage() throws Exception {
        DriverFileCorpus.assertEveryFileIsACase(CASES);
    }
}
