package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.LocalBrokerScripts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first phase flip must not send the recording threads' compiled code back to the interpreter: the JIT
 * compiles a hot caller of {@code WriterReaderPhaser.writerCriticalSectionExit} with the side of the phase
 * it has seen, and a load runs one period in the even phase before its first drain. {@link
 * ThreadRecorders} profiles both sides when it is loaded. Each case runs {@link PhaseFlipProbe} in a fresh
 * JVM (the profiles of this one are long warm) with {@code -Xbatch}, so that the hot method is compiled by
 * the top tier before the flip, not whenever a background compiler gets to it.
 */
class PhaseFlipDeoptimizationTest {

    @Test
    void aBarePhaserIsDeoptimizedAtItsFirstFlipSoTheProbeSeesTheTrap() {
        assertThat(probe("raw")).contains("deopt unstable_if reinterpret").endsWith("done");
    }

    @Test
    void recordersAreNotDeoptimizedAtTheirFirstFlip() {
        assertThat(probe("recorders")).containsExactly("done");
    }

    private static List<String> probe(String mode) {
        LocalBrokerScripts.Result result = LocalBrokerScripts.run(
                Path.of("."),
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xbatch",
                        "-cp",
                        System.getProperty("java.class.path"),
                        PhaseFlipProbe.class.getName(),
                        mode),
                60);
        assertThat(result.exitCode())
                .as("probe exit status; its output:%n%s", result.output())
                .isZero();
        return result.output().lines().toList();
    }
}
