package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The terminal tables: columns padded to their widest cell, left or right aligned, blank lines kept. */
class AlignedColumnsTest {

    @Test
    void columnsArePaddedToTheWidestCellTwoBlanksApartWithoutTrailingBlanks() throws Exception {
        StringWriter out = new StringWriter();

        AlignedColumns.write(
                out,
                Arrays.asList(
                        new String[] {"figure", "value", "verdict"},
                        new String[] {"p99", "12.5", "met"},
                        null,
                        new String[] {"throughput", "7", ""}),
                i -> i != 1);

        assertThat(out.toString())
                .isEqualTo("figure      value  verdict\n" + "p99          12.5  met\n" + "\n" + "throughput      7\n");
    }

    @Test
    void noRowsWriteNothing() throws Exception {
        StringWriter out = new StringWriter();

        AlignedColumns.write(out, List.of(), i -> true);

        assertThat(out.toString()).isEmpty();
    }
}
