package io.openmessaging.benchmark.driver.rabbitmq;

import io.openmessaging.benchmark.testing.DriverFileCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One broken RabbitMQ driver file per kind of mistake under {@code drivers-invalid/}, each with the exact
 * message {@code bin/benchmark validate} prints: the file, the line, the key, what was found and what is
 * allowed.
 */
class InvalidRabbitMqDriverFilesTest {

    private static final String CASES = """
            uri-scheme        | :5: key 'amqpUris', item 1: 'http://127.0.0.1:5672' must start with amqp:// or amqps://; allowed: a list of one or more URIs amqp[s]://[user:password@]host[:port][/vhost]
            exchange-type     | :6: key 'exchangeType' has a value 'HEADERS'; allowed: DIRECT, TOPIC or FANOUT
            yaml-alias        | :6:12: YAML aliases (*uris) are not supported; write the value out
            unknown-key       | :6: unknown key 'prefetchCnt' (did you mean 'prefetchCount'?); allowed keys: name, driver, driverClass, amqpUris,
            prefetch-negative | :6: key 'prefetchCount' is -1; allowed: a whole number from 0 (unlimited) to 65535: unacknowledged deliveries per queue subscription of a consumer
            no-uris           | :4: key 'amqpUris' is empty; allowed: a list of one or more URIs amqp[s]://[user:password@]host[:port][/vhost]
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
