package io.openmessaging.benchmark.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.openmessaging.benchmark.config.ConfigException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordedRatiosTest {

    @Test
    void linesGiveEachSeriesItsRatiosByRateInFileOrder() throws Exception {
        Map<String, Map<Long, SeriesRatios>> series = RecordedRatios.parse("""
                # two series written down from earlier runs

                series=abba rate=10000 whole-life=1.013,1.048 measured=1.020,1.060
                series=jr rate=50000 whole-life=1.050,1.057,1.077
                series=abba rate=50000 whole-life=0.971
                """, "ratios.txt");

        assertThat(series.keySet()).containsExactly("abba", "jr");
        assertThat(series.get("abba").keySet()).containsExactly(10_000L, 50_000L);
        assertThat(series.get("abba").get(10_000L))
                .isEqualTo(new SeriesRatios(List.of(1.013, 1.048), List.of(1.020, 1.060)));
        assertThat(series.get("abba").get(50_000L)).isEqualTo(new SeriesRatios(List.of(0.971), List.of()));
        assertThat(series.get("jr").get(50_000L).wholeLife()).containsExactly(1.050, 1.057, 1.077);
    }

    @Test
    void everyBadLineIsNamedWithWhatALineMayHold() {
        assertThatThrownBy(() -> RecordedRatios.parse("""
                        series=a rate=10000 whole-life=1.01
                        series=b rate=fast whole-life=1.01
                        series=c rate=10000 whole-life=1.01,,1.02
                        series=d rate=10000
                        series=e rate=10000 whole-life=1.01 colour=blue
                        series=f rate=10000 whole-life=1.01,1.02 measured=1.0
                        series=a rate=10000 whole-life=0.99
                        series=g rate=10000 whole-life=-1
                        """, "ratios.txt"))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "ratios.txt:2:1: rate 'fast' is not a whole number of msg/s above 0, e.g."
                                                + " rate=50000",
                                        "ratios.txt:3:1: 'whole-life' holds '', not a ratio above 0; list one per repeat,"
                                                + " comma-separated without spaces, e.g. whole-life=0.971,1.030,1.052",
                                        "ratios.txt:4:1: 'whole-life' is missing; a line is series=NAME rate=MSG_PER_SEC"
                                                + " whole-life=R1,R2,… [measured=R1,R2,…]",
                                        "ratios.txt:5:1: 'colour=blue' is not one of series=NAME rate=MSG_PER_SEC"
                                                + " whole-life=R1,R2,… [measured=R1,R2,…]",
                                        "ratios.txt:6:1: 'measured' has 1 ratios and 'whole-life' 2; give one of each per"
                                                + " repeat",
                                        "ratios.txt:7:1: series 'a' at 10000 msg/s is listed twice; give each series one"
                                                + " line per rate",
                                        "ratios.txt:8:1: 'whole-life' holds '-1', not a ratio above 0; list one per repeat,"
                                                + " comma-separated without spaces, e.g. whole-life=0.971,1.030,1.052"));
    }

    @Test
    void aFileWithoutSeriesIsAnError() {
        assertThatThrownBy(() -> RecordedRatios.parse("# nothing yet\n", "ratios.txt"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ratios.txt: no series in the file");
    }
}
