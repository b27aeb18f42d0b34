package io.openmessaging.benchmark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationTextTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "500ms, PT0.5S",
        "30s, PT30S",
        "2m, PT2M",
        "1h, PT1H",
        "1h30m, PT1H30M",
        "1m30s250ms, PT1M30.25S",
        "90m, PT1H30M",
        "0, PT0S",
        "0s, PT0S"
    })
    void parsesUnitsLargestFirst(String text, String iso) {
        assertThat(DurationText.parse(text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "30, 'a duration needs a unit: h, m, s or ms'",
        "-5s, a duration cannot be negative",
        "30 s, not a duration",
        "1.5m, not a duration",
        "PT30S, not a duration",
        "30s1m, 'units must go from largest to smallest, each once'",
        "1m1m, 'units must go from largest to smallest, each once'",
        "99999999999999999999h, too long a duration",
        "99999999999999h, 'too long a duration: at most 8760h (one year)'",
        "8760h1ms, 'too long a duration: at most 8760h (one year)'"
    })
    void rejectsWithTheReason(String text, String reason) {
        assertThatThrownBy(() -> DurationText.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(reason);
    }

    @Test
    void formatIsTheShortestTextThatParsesBack() {
        assertThat(DurationText.format(Duration.ofMinutes(90))).isEqualTo("1h30m");
        assertThat(DurationText.format(Duration.ofMillis(61_500))).isEqualTo("1m1s500ms");
        assertThat(DurationText.format(Duration.ZERO)).isEqualTo("0s");
        for (String text : new String[] {"500ms", "30s", "2m", "1h", "25h59m59s999ms", "8760h"}) {
            assertThat(DurationText.format(DurationText.parse(text))).isEqualTo(text);
        }
    }

    @ParameterizedTest(name = "{0} reads {1}")
    @CsvSource({
        "0s, 0 ms",
        "500ms, 500 ms",
        "30s, 30 s",
        "2s500ms, 2.5 s",
        "1s1ms, 1.001 s",
        "1m, 1 min",
        "1m30s, 1 min 30 s",
        "1m30s250ms, 1 min 30 s",
        "2h5m, 2 h 5 min",
        "25h, 25 h"
    })
    void readableIsForPeopleNotIso8601(String text, String readable) {
        assertThat(DurationText.readable(DurationText.parse(text))).isEqualTo(readable);
    }
}
