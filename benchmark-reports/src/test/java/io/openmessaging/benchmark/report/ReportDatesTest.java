package io.openmessaging.benchmark.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.ResultFiles;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every point in time the report shows reads one way: {@code 2026-11-26 09:12:03 UTC}. */
class ReportDatesTest {

    /** Anything that starts like a date and a time of day, in any of the forms a result file or a clock gives. */
    private static final Pattern DATE_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[ T-]\\d{2}[:-]\\d{2}[^<\"]{0,8}");

    private static final Pattern ONE_FORMAT = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC");

    @Test
    void theGeneratedTimeAndEveryRunsBeginAndEndReadAlike() throws Exception {
        ReportRun ours = new ReportRun(
                ConfluentFixtures.ourGoldenResult(), "ours", ResultFiles.read(ConfluentFixtures.ourGoldenResult()));
        StringWriter html = new StringWriter();
        new HtmlReport(Instant.parse("2026-11-26T09:12:03Z")).writeOut(List.of(ours), html);

        // the visible text: the data block for the charts and the file names are no dates a person reads
        String visible = html.toString()
                .replaceAll("(?s)<script.*?</script>", "")
                .replaceAll("title=\"[^\"]*\"", "")
                .replaceAll("\\S+\\.json", "");
        List<String> shown = new ArrayList<>();
        Matcher matcher = DATE_TIME.matcher(visible);
        while (matcher.find()) {
            shown.add(matcher.group());
        }
        assertThat(shown).as("dates in the report").hasSizeGreaterThanOrEqualTo(3);
        assertThat(shown)
                .as("every date in the report")
                .allSatisfy(date -> assertThat(date).matches(ONE_FORMAT.pattern() + ".*"));
        assertThat(visible).contains("generated 2026-11-26 09:12:03 UTC");
    }

    @Test
    void aResultsTimeTextIsShownInTheOneFormatAndForeignTextAsItIs() {
        assertThat(ReportDates.utcOfText("2026-11-26-09-00-27")).isEqualTo("2026-11-26 09:00:27 UTC");
        assertThat(ReportDates.utcOfText("2026-11-26T09:00:27Z")).isEqualTo("2026-11-26 09:00:27 UTC");
        assertThat(ReportDates.utcOfText("yesterday")).isEqualTo("yesterday");
        assertThat(ReportDates.utcOfText(null)).isNull();
    }
}
