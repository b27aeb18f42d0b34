package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.openmessaging.benchmark.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One file per kind of mistake under {@code workloads-invalid/}; each must fail with its first
 * problem at the right line and column, naming the key, what was found and what would be right.
 */
class InvalidWorkloadFilesTest {

    private static final Path INVALID = Path.of("src/test/resources/workloads-invalid");

    private static final String CASES = """
            unknown-key                   | 3:1   | unknown key 'partitionPerTopic' (did you mean 'partitionsPerTopic'?); allowed keys: name, topics, partitionsPerTopic,
            misspelt-enum                 | 10:17 | keyDistributor: found 'ROUND_ROBIN', expected one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO (did you mean 'KEY_ROUND_ROBIN'?)
            negative-rate                 | 8:15  | producerRate: found -100, expected a number of messages per second, at least 0
            non-numeric-size              | 4:14  | messageSize: found '1kb', expected an integer number of bytes, at least 1
            max-rate-with-backlog         | 8:1   | producerRate: 0 (line 8) asks for the max-sustainable-rate search, which cannot be combined with a backlog (consumerBacklogSizeGB: 10 (line 10))
            both-duration-forms           | 10:1  | testDurationMinutes and testDuration (line 9) set the same thing; keep one
            existing-topics               | 2:1   | topics: 1 (line 2) would create new topics, but existing ones are given (existingTopicList on line 10); remove topics, or the lists
            duration-without-unit         | 9:15  | testDuration: found 30, expected a duration such as 500ms, 30s, 2m or 1h30m; a duration needs a unit: h, m, s or ms
            ratio-out-of-range            | 11:19 | randomBytesRatio: found 1.5, expected a number from 0 to 1
            randomized-without-pool       | 10:1  | with useRandomizedPayloads: true (line 10), randomizedPayloadPoolSize must be at least 1
            backlog-without-consumers     | 10:1  | consumerBacklogSizeGB: 1 (line 10) needs consumers to build and drain the backlog, but there are none (subscriptionsPerTopic: 1 (line 5), consumerPerSubscription: 0 (line 6))
            consumer-only-without-backlog | 10:1  | consumerOnly: true (line 10) builds a backlog, stops the producers and measures the consumers draining it, so it needs consumerBacklogSizeGB above 0, subscriptions and consumers; found consumerBacklogSizeGB: 0 (default)
            zero-partitions               | 3:21  | partitionsPerTopic: found 0, expected an integer number of partitions, at least 1
            zero-producers                | 7:20  | producersPerTopic: found 0, expected an integer number of producers, at least 1
            missing-rate                  |       | missing key 'producerRate'
            test-shorter-than-sample      | 9:1   | testDuration: 5s (line 9) is shorter than one sample period (sampleRateMillis: 10000 (default))
            sample-rate-too-low           | 10:19 | sampleRateMillis: found 10, expected an integer number of milliseconds, at least 100
            wake-interval-too-long        | 10:29 | producerWakeIntervalMicros: found 50000, expected an integer number of microseconds from 0 to 10000
            nested-value                  | 3:3   | topics: found a nested mapping, expected an integer number of topics, at least 0
            syntax-error                  | 4:14  | YAML syntax error: mapping values are not allowed here
            duplicate-key                 | 10:1  | key 'topics' is given twice (first on line 2); keep one
            two-payload-sources           | 12:1  | useRandomizedPayloads: true (line 10) and payloadFile: payload/payload-1Kb.data (line 12) both define the payload; keep one
            duration-too-long             | 9:15  | testDuration: found '99999999999999h', expected a duration such as 500ms, 30s, 2m or 1h30m; too long a duration: at most 8760h (one year)
            error-allowance-over-100      | 10:28 | sendErrorAllowancePercent: found 150, expected a number of percent from 0 to 100
            yaml-alias                    | 3:21  | YAML aliases (*n) are not supported; write the value out
            rate-below-one-message        | 8:1   | producerRate: 0.05 (line 8) shared by 4 producer(s) is 0.0125 msg/s each, fewer than one message per producer in the measured phase (testDuration: 1m (line 9)); the lowest rate that sends is 0.0667 msg/s, or use fewer producers
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = CASES)
    void firstProblemNamesFileLineKeyAndWhatIsAllowed(String name, String lineAndColumn, String detail) {
        Path file = INVALID.resolve(name + ".yaml");

        ConfigException error = catchThrowableOfType(ConfigException.class, () -> WorkloadLoader.load(file));

        String place = lineAndColumn == null ? file + ": " : file + ":" + lineAndColumn + ": ";
        assertThat(error).as("loading %s must fail", file).isNotNull();
        assertThat(error.problems().get(0)).startsWith(place + detail);
    }

    @Test
    void everyInvalidFileHasACase() throws Exception {
        Set<String> covered = CASES.lines()
                .map(line -> line.substring(0, line.indexOf('|')).strip())
                .collect(Collectors.toSet());
        try (var files = Files.list(INVALID)) {
            assertThat(files.map(file -> file.getFileName().toString().replace(".yaml", "")))
                    .allMatch(covered::contains, "listed in CASES");
        }
    }
}
