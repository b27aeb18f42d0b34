package io.openmessaging.benchmark.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
    void aBarePhaserIsDeoptimizedAtItsFirstFlipSoTheProbeSeesTheTrap() throws Exception {
        assertThat(probe("raw")).contains("deopt unstable_if reinterpret").endsWith("done");
    }

    @Test
    void recordersAreNotDeoptimizedAtTheirFirstFlip() throws Exception {
        assertThat(probe("recorders")).containsExactly("done");
    }

    private static List<String> probe(String mode) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xbatch",
                        "-cp",
                        System.getProperty("java.class.path"),
                        PhaseFlipProbe.class.getName(),
                        mode)
                .redirectErrorStream(true)
                .start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the probe ends").isTrue();
        String text = new String(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue())
                .as("probe exit status; its output:%n%s", text)
                .isZero();
        return text.lines().toList();
    }
}
