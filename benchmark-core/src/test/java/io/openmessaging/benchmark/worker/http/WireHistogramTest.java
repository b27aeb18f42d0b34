package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.measure.HistogramSpec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A period's histogram on the wire: a worker's periods grow with their values, but what the coordinator
 * decodes has the full range, so it takes any other worker's values when the coordinator merges them.
 */
class WireHistogramTest {

    @Test
    void aGrowingPeriodTravelsWithTheFullRangeAndTakesAnyOtherValue() throws Exception {
        Histogram period = HistogramSpec.DEFAULT.newGrowingHistogram();
        period.recordValue(1_000);
        period.recordValue(2_000_000);

        Histogram decoded = Wire.decode(Wire.encode(period));

        assertThat(decoded).isEqualTo(period);
        assertThat(decoded.getHighestTrackableValue()).isGreaterThanOrEqualTo(HistogramSpec.HIGHEST_TRACKABLE_NANOS);
        Histogram otherWorker = HistogramSpec.DEFAULT.newHistogram();
        otherWorker.recordValue(HistogramSpec.HIGHEST_TRACKABLE_NANOS);
        decoded.add(otherWorker);
        assertThat(decoded.getTotalCount()).isEqualTo(3);
        assertThat(period.getTotalCount())
                .as("the worker's period is left as it was")
                .isEqualTo(2);
    }
}
