package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.testing.DriverFileCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One broken Pulsar driver file per kind of mistake under {@code drivers-invalid/}, each with the exact
 * message {@code bin/benchmark validate} prints: the file, the line, the key, what was found and what is
 * allowed.
 */
class InvalidPulsarDriverFilesTest {

    private static final String CASES = """
            service-url-scheme    | :5:15: client.serviceUrl: http://127.0.0.1:6650 (line 5): expected pulsar://host:port or pulsar+ssl://host:port
            unknown-nested-key    | :8:34: unknown key 'producer.batchingMaxPublishDelayMillis' (did you mean 'producer.batchingMaxPublishDelayMs'?); allowed keys in 'producer': batchingEnabled,
            yaml-alias            | :6:12: YAML aliases (*url) are not supported; write the value out
            boolean-not-boolean   | :8:20: producer.batchingEnabled: found 'sometimes', expected true or false
            subscription-type     | :8:21: consumer.subscriptionType: found 'Shard', expected one of Exclusive, Shared, Failover, Key_Shared (did you mean 'Shared'?)
            quorum-above-ensemble | :9:18: client.persistence.writeQuorum: 2 (line 9) is above client.persistence.ensembleSize: 1 (line 8): an entry cannot have more copies than bookies
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
