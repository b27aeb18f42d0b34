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
            service-url-scheme    | :5: key 'client.serviceUrl' is 'http://127.0.0.1:6650'; allowed: pulsar://host:port or pulsar+ssl://host:port[,host:port…]
            unknown-nested-key    | :8: unknown key 'producer.batchingMaxPublishDelayMillis' (did you mean 'batchingMaxPublishDelayMs'?); allowed keys in 'producer': batchingEnabled,
            yaml-alias            | :6:12: YAML aliases (*url) are not supported; write the value out
            boolean-not-boolean   | :8: key 'producer.batchingEnabled' is 'sometimes'; allowed: true or false
            subscription-type     | :8: key 'consumer.subscriptionType' is 'Shard' (did you mean 'Shared'?); allowed: Exclusive, Shared, Failover or Key_Shared
            quorum-above-ensemble | :9: key 'client.persistence.writeQuorum' is 2, above ensembleSize 1; allowed: a whole number from 1 to ensembleSize: copies of each entry
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
