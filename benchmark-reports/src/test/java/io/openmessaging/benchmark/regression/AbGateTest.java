package io.openmessaging.benchmark.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.abtest.AbAnalysis;
import io.openmessaging.benchmark.abtest.AbFixtures;
import io.openmessaging.benchmark.abtest.AbVerdicts;
import io.openmessaging.benchmark.abtest.AbVerdicts.GateCheck;
import io.openmessaging.benchmark.compare.Threshold;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The A/B gate fails only on a change that is significant and beyond the threshold. */
class AbGateTest {

    private static AbVerdicts compare(int runsPerSide, double latencyFactorB) {
        Random random = new Random(42);
        return new AbAnalysis()
                .compare(
                        "A",
                        AbFixtures.runs("A", runsPerSide, random, 1.0, 1.0),
                        "B",
                        AbFixtures.runs("B", runsPerSide, random, latencyFactorB, 1.0));
    }

    private static GateCheck gate(AbVerdicts verdicts, String threshold) {
        AbVerdicts gated = AbGate.apply(verdicts, List.of(Threshold.parse(threshold)));
        GateCheck check = gated.thresholds().get(0);
        assertThat(gated.passed()).isEqualTo(check.verdict().equals("met"));
        return check;
    }

    @Test
    void aSignificantChangeBeyondTheLimitBreaksIt() {
        GateCheck check = gate(compare(6, 3.0), "endToEndResponseTime.p99=+10%");

        assertThat(check.verdict()).isEqualTo("broken");
        assertThat(check.explanation())
                .startsWith("endToEndResponseTime.p99 rose by ")
                .contains(", slower (p ")
                .endsWith(": more than the +10% allowed");
    }

    @Test
    void aChangeBeyondTheLimitThatIsNotSignificantMeetsIt() {
        // 3 runs a side can never reach p < 0.01, however far apart
        GateCheck check = gate(compare(3, 3.0), "endToEndResponseTime.p99=+10%");

        assertThat(check.changePercent()).isGreaterThan(10.0);
        assertThat(check.verdict()).isEqualTo("met");
        assertThat(check.explanation()).endsWith("no difference within the noise: beyond +10% but not significant");
    }

    @Test
    void aSignificantChangeWithinTheLimitMeetsIt() {
        GateCheck check = gate(compare(6, 3.0), "endToEndResponseTime.p99=+500%");

        assertThat(check.verdict()).isEqualTo("met");
        assertThat(check.explanation()).endsWith(": within +500%");
    }

    @Test
    void aFigureThatWasNotComparedFailsAsNotChecked() {
        GateCheck check = gate(compare(1, 3.0), "publishLatency.p99=+10%");

        assertThat(check.verdict()).isEqualTo("not-checked");
        assertThat(check.explanation())
                .isEqualTo("publishLatency.p99 was not compared (fewer than 2 runs hold it (A 1, B 1)), so"
                        + " publishLatency.p99=+10% cannot be checked");
    }

    @Test
    void aThresholdOnAFigureWithoutVerdictIsRefused() {
        assertThatThrownBy(() -> AbGate.checkFigures(List.of(Threshold.parse("publishLatency.p50=+10%"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("threshold 'publishLatency.p50=+10%': an A/B comparison has no verdict on"
                        + " publishLatency.p50")
                .hasMessageContaining("; figures: publishResponseTime.p50, publishResponseTime.p99");
    }
}
