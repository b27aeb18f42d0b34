package io.openmessaging.benchmark.regression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.openmessaging.benchmark.config.ConfigException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader of the line-based files of {@code regression/}: comments, blank lines, columns, fields. */
class ColumnFileTest {

    @TempDir
    Path temp;

    @Test
    void commentsAndBlankLinesAreSkippedAndEachLineKeepsItsNumberAndFirstColumn() throws Exception {
        Path file = Files.writeString(
                temp.resolve("list"),
                "# a comment\n\n   \nkafka  4.4.0   current # the pom's\n\t  pulsar 4.2.4\n",
                StandardCharsets.UTF_8);

        List<ColumnFile.Line> lines = ColumnFile.read(file, "list file");

        assertThat(lines)
                .extracting(ColumnFile.Line::number, ColumnFile.Line::column, ColumnFile.Line::content)
                .containsExactly(tuple(4, 1, "kafka  4.4.0   current"), tuple(5, 4, "pulsar 4.2.4"));
        assertThat(lines.get(0).fields(0)).containsExactly("kafka", "4.4.0", "current");
        assertThat(lines.get(0).problem("bad")).isEqualTo(file + ":4:1: bad");
        assertThat(lines.get(1).problem("bad")).isEqualTo(file + ":5:4: bad");
    }

    @Test
    void aLimitKeepsTheRestOfTheLineInTheLastField() throws Exception {
        Path file = Files.writeString(temp.resolve("list"), "kafka 3.9.2 the previous  major\n");

        assertThat(ColumnFile.read(file, "list file").get(0).fields(3))
                .containsExactly("kafka", "3.9.2", "the previous  major");
    }

    @Test
    void aMissingFileIsNamedWithWhatItIs() {
        Path missing = temp.resolve("absent");

        assertThatThrownBy(() -> ColumnFile.read(missing, "list file"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(missing + ": cannot read the list file: java.nio.file.NoSuchFileException");
    }
}
