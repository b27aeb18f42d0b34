package io.openmessaging.benchmark.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.schedule.RatePlan;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code producerRateSteps}, {@code producerRateRamp} and the {@code rateSearch…} keys of a workload file. */
class RatePlanKeysTest {

    private static final String SHAPE = """
            topics: 1
            partitionsPerTopic: 4
            messageSize: 100
            producersPerTopic: 2
            sampleRateMillis: 1000
            """;

    @Test
    void stepsAreReadInOrderAndSetTheMeasuredPhase() throws Exception {
        Workload workload = WorkloadLoader.parse(SHAPE + """
                producerRateSteps:
                  - {rate: 10000, duration: 1m}
                  - rate: 50000
                    duration: 30s
                """, "w.yaml");

        assertThat(workload.ratePlan().steps())
                .containsExactly(
                        new RatePlan.Step(10_000, Duration.ofMinutes(1)),
                        new RatePlan.Step(50_000, Duration.ofSeconds(30)));
        assertThat(workload.testDuration()).isEqualTo(Duration.ofSeconds(90));
        assertThat(workload.producerRate())
                .as("the warm-up runs at the first step's rate")
                .isEqualTo(10_000);
    }

    @Test
    void rampExpandsIntoEvenlySpacedStepsWithBothEnds() throws Exception {
        Workload workload = WorkloadLoader.parse(SHAPE + """
                producerRateRamp: {from: 10000, to: 50000, duration: 20s, steps: 5}
                """, "w.yaml");

        assertThat(workload.ratePlan().steps())
                .extracting(RatePlan.Step::rateMsgPerSec)
                .containsExactly(10_000.0, 20_000.0, 30_000.0, 40_000.0, 50_000.0);
        assertThat(workload.ratePlan().steps())
                .extracting(RatePlan.Step::duration)
                .containsOnly(Duration.ofSeconds(4));
        assertThat(workload.testDuration()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void rampHasTenStepsByDefault() throws Exception {
        Workload workload =
                WorkloadLoader.parse(SHAPE + "producerRateRamp: {from: 1000, to: 10000, duration: 10s}\n", "w.yaml");

        assertThat(workload.ratePlan().steps()).hasSize(10);
    }

    @Test
    void withoutAPlanNothingChanges() throws Exception {
        Workload workload = WorkloadLoader.parse(SHAPE + "producerRate: 500\ntestDuration: 10s\n", "w.yaml");

        assertThat(workload.ratePlan()).isNull();
        assertThat(workload.rateSearchSettings().startRateMsgPerSec()).isEqualTo(10_000);
    }

    @Test
    void aRateAndAPlanTogetherAreAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + """
                producerRate: 1000
                producerRateSteps: [{rate: 10000, duration: 10s}]
                """, "w.yaml"))
                .hasMessage("w.yaml:7:1: producerRate (line 6) and producerRateSteps (line 7) both set the producer"
                        + " rate; keep one");
    }

    @Test
    void stepsAndRampTogetherAreAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + """
                producerRateSteps: [{rate: 10000, duration: 10s}]
                producerRateRamp: {from: 1, to: 2, duration: 10s}
                """, "w.yaml"))
                .hasMessageContaining("producerRateSteps (line 6) and producerRateRamp (line 7) both set");
    }

    @Test
    void testDurationWithAPlanIsAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + """
                testDurationMinutes: 5
                producerRateSteps: [{rate: 10000, duration: 10s}]
                """, "w.yaml"))
                .hasMessage("w.yaml:6:1: testDurationMinutes: 5 (line 6) conflicts with the rate plan, whose steps"
                        + " last 10s in total and set the length of the measured phase; remove testDurationMinutes");
    }

    @Test
    void neitherRateNorPlanNamesTheMissingRate() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + "testDuration: 1m\n", "w.yaml"))
                .hasMessageStartingWith("w.yaml: missing key 'producerRate'");
    }

    @Test
    void aBadStepValueIsNamedWithItsLineAndPosition() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + """
                producerRateSteps:
                  - {rate: 10000, duration: 10s}
                  - {rate: -5, duration: 10s}
                """, "w.yaml"))
                .hasMessage("w.yaml:8:12: producerRateSteps[2].rate: found -5, expected a number of messages per"
                        + " second above 0");
    }

    @Test
    void aMisspeltStepKeyIsNamedWithTheAllowedKeys() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + """
                producerRateSteps:
                  - {rate: 10000, durration: 10s}
                """, "w.yaml"))
                .hasMessage("w.yaml:7:30: producerRateSteps[1]: unknown key 'durration' (did you mean"
                        + " 'duration'?); allowed keys: rate, duration");
    }

    @Test
    void aStepWithoutDurationIsAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + "producerRateSteps: [{rate: 10000}]\n", "w.yaml"))
                .hasMessageContaining("producerRateSteps[1]: missing key 'duration'");
    }

    @Test
    void stepsAsAScalarOrEmptyListAreErrors() {
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + "producerRateSteps: 10000\n", "w.yaml"))
                .hasMessage("w.yaml:6:20: producerRateSteps: found 10000, expected a non-empty list of {rate,"
                        + " duration} steps; " + RatePlanYaml.STEPS_EXAMPLE);
        assertThatThrownBy(() -> WorkloadLoader.parse(SHAPE + "producerRateSteps: []\n", "w.yaml"))
                .hasMessageContaining("producerRateSteps: found a list, expected a non-empty list");
    }

    @Test
    void aStepThatIsNotAWholeNumberOfSamplePeriodsIsAnError() {
        assertThatThrownBy(() ->
                        WorkloadLoader.parse(SHAPE + "producerRateSteps: [{rate: 100, duration: 1500ms}]\n", "w.yaml"))
                .hasMessageContaining("a step of producerRateSteps (line 6) lasts 1s500ms, not a whole number of"
                        + " sample periods (sampleRateMillis: 1000 (line 5))");
    }

    @Test
    void aRampThatDoesNotSplitEvenlyIsAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(
                        SHAPE + "producerRateRamp: {from: 1, to: 9, duration: 10s," + " steps: 3}\n", "w.yaml"))
                .hasMessageContaining("producerRateRamp.duration: 10s does not split into 3 steps");
    }

    @Test
    void searchKeysAreReadWithProducerRateZero() throws Exception {
        Workload workload = WorkloadLoader.parse(SHAPE + """
                producerRate: 0
                testDuration: 1m
                rateSearchStartRate: 500
                rateSearchSettle: 1s
                rateSearchWindow: 3s
                rateSearchPrecision: 0.05
                """, "w.yaml");

        assertThat(workload.rateSearchSettings().startRateMsgPerSec()).isEqualTo(500);
        assertThat(workload.rateSearchSettings().settleDuration()).isEqualTo(Duration.ofSeconds(1));
        assertThat(workload.rateSearchSettings().windowDuration()).isEqualTo(Duration.ofSeconds(3));
        assertThat(workload.rateSearchSettings().precision()).isEqualTo(0.05);
    }

    @Test
    void searchKeysWithoutTheSearchAreAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(
                        SHAPE + "producerRate: 100\ntestDuration: 1m\n" + "rateSearchWindow: 3s\n", "w.yaml"))
                .hasMessage("w.yaml:8:1: rateSearchWindow: 3s (line 8) tunes the max-rate search, which runs only"
                        + " with producerRate: 0; remove it or set producerRate: 0");
    }

    @Test
    void zeroPrecisionIsAnError() {
        assertThatThrownBy(() -> WorkloadLoader.parse(
                        SHAPE + "producerRate: 0\ntestDuration: 1m\n" + "rateSearchPrecision: 0\n", "w.yaml"))
                .hasMessageContaining("rateSearchPrecision: 0 (line 8): must be above 0");
    }
}
