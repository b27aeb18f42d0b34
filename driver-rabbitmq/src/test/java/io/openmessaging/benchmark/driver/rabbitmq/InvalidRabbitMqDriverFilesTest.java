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
            uri-scheme        | :5:5: amqpUris item 1: 'http://127.0.0.1:5672' must start with amqp:// or amqps://
            exchange-type     | :6:15: exchangeType: found 'HEADERS', expected one of DIRECT, TOPIC, FANOUT
            yaml-alias        | :6:12: YAML aliases (*uris) are not supported; write the value out
            unknown-key       | :6:1: unknown key 'prefetchCnt' (did you mean 'prefetchCount'?); allowed keys: name, driver, driverClass, amqpUris,
            prefetch-negative | :6:16: prefetchCount: found -1, expected an integer number of messages from 0 to 65535
            no-uris           | :4:11: amqpUris: found an empty list, expected a list of one or more URIs amqp[s]://[user:password@]host[:port][/vhost]
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
