package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.result.ResultFiles;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The one way the report shows a point in time: ISO-8601 date and time of day in UTC to the second, {@code
 * 2026-11-26 09:12:03 UTC}, wherever it comes from (the report's own clock, a result's epoch milliseconds, or
 * the {@code yyyy-MM-dd-HH-mm-ss} text of a result's {@code beginTime}/{@code endTime}).
 */
final class ReportDates {

    static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ReportDates() {}

    static String utc(Instant instant) {
        return FORMAT.format(instant);
    }

    static String utcOfEpochMillis(long epochMillis) {
        return utc(Instant.ofEpochMilli(epochMillis));
    }

    /**
     * A result file's time text in the report's format: ours ({@link ResultFiles#TIMESTAMP_FORMAT}, UTC) or an
     * ISO-8601 instant; any other text (a file of another tool) as it is, or {@code null} for none.
     */
    static String utcOfText(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return utc(Instant.from(ResultFiles.TIMESTAMP_FORMAT.parse(text.strip())));
        } catch (DateTimeParseException e) {
            // not ours; perhaps ISO-8601
        }
        try {
            return utc(Instant.parse(text.strip()));
        } catch (DateTimeParseException e) {
            return text;
        }
    }
}
