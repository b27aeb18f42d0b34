package io.openmessaging.benchmark.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ClockOffset;
import org.junit.jupiter.api.Test;

/**
 * The clock offset warning: never for a worker on this machine (a loopback address, or an offset within the
 * measurement's error bound), and for other workers only when the clocks measurably differ by enough to matter.
 */
class ClockOffsetCheckTest {

    private static final long MS = 1_000_000;

    @Test
    void aWorkerOnALoopbackAddressIsNeverWarnedAbout() {
        // a busy machine: 3 ms round trips, and a measured offset that is only the measurement's noise
        ClockOffset busy = new ClockOffset("http://127.0.0.1:8080", 2 * MS, 3 * MS);
        ClockOffset odd = new ClockOffset("http://localhost:8080", 20 * MS, MS / 10);

        assertThat(ClockOffsetCheck.warning(busy, "http://127.0.0.1:8080")).isNull();
        assertThat(ClockOffsetCheck.warning(odd, "http://localhost:8080")).isNull();
        assertThat(ClockOffsetCheck.warning(busy, "http://[::1]:8080")).isNull();
        assertThat(ClockOffsetCheck.warning(busy, "http://127.0.0.2:8080")).isNull();
    }

    @Test
    void anOffsetWithinTheErrorBoundIsWhatOneSharedClockMeasures() {
        assertThat(ClockOffsetCheck.warning(new ClockOffset("w", 3 * MS, 3 * MS), false))
                .isNull();
        assertThat(ClockOffsetCheck.warning(new ClockOffset("w", -2 * MS, 4 * MS), false))
                .isNull();
        assertThat(ClockOffsetCheck.warning(new ClockOffset("w", 7 * MS, 8 * MS), false))
                .isNull();
    }

    @Test
    void aMeasurableOffsetAboveFiveMillisecondsIsWarnedAbout() {
        String warning = ClockOffsetCheck.warning(new ClockOffset("http://w2:8080", -6 * MS, MS / 5), false);

        assertThat(warning)
                .isEqualTo("worker http://w2:8080 clock offset -6.000 ms ± 0.200 ms: its clock differs from the"
                        + " coordinator's by more than the measurement's error, so end-to-end latencies between hosts"
                        + " are off by up to 6.200 ms (is chrony running on both hosts?)");
    }

    @Test
    void aMeasurableOffsetWithABoundAboveOneMillisecondIsWarnedAbout() {
        assertThat(ClockOffsetCheck.warning(new ClockOffset("w", 4 * MS, 3 * MS / 2), false))
                .startsWith("worker w clock offset 4.000 ms ± 1.500 ms");
    }

    @Test
    void aSmallMeasurableOffsetOfWellSynchronisedHostsIsNotWarnedAbout() {
        assertThat(ClockOffsetCheck.warning(new ClockOffset("w", 2 * MS, MS / 2), false))
                .isNull();
        assertThat(ClockOffsetCheck.warning(new ClockOffset("w", 5 * MS, MS), false))
                .isNull();
    }

    @Test
    void onlyLoopbackAddressesCountAsThisMachine() {
        assertThat(ClockOffsetCheck.onLoopback("http://127.0.0.1:8080")).isTrue();
        assertThat(ClockOffsetCheck.onLoopback("http://localhost:8080")).isTrue();
        assertThat(ClockOffsetCheck.onLoopback("http://[::1]:8080")).isTrue();
        assertThat(ClockOffsetCheck.onLoopback("http://192.0.2.10:8080")).isFalse();
        assertThat(ClockOffsetCheck.onLoopback("not a url")).isFalse();
    }
}
