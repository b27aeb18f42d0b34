package io.openmessaging.benchmark.studyrunner;

import io.openmessaging.benchmark.config.DurationText;
import io.openmessaging.benchmark.studyrun.StudyRunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Whether a second {@code study run} with the same output directory resumes the first: only with the same
 * study, scale, peak fraction, durations and brokers, so that every result in the directory was measured the same way; then
 * a run that is done and whose result file is there is kept, and every other run again.
 */
public final class StudyRunResume {

    private StudyRunResume() {}

    /**
     * Why {@code record} (in {@code directory}) cannot be resumed with {@code settings}, naming both values and
     * what to give; {@code null} when it can.
     */
    public static String refusal(StudyRunRecord record, String study, StudyRunSettings settings, Path directory) {
        String resumeOr = " to resume it or another --output-dir";
        if (!study.equals(record.study)) {
            return directory + " holds a run of study " + record.study + ", not " + study
                    + "; give another --output-dir";
        }
        double recordedScale = record.scale == null ? 1.0 : record.scale;
        if (recordedScale != settings.scale()) {
            return directory + " holds a run at --scale " + number(recordedScale) + ", not " + number(settings.scale())
                    + "; give --scale " + number(recordedScale) + resumeOr;
        }
        if (!Objects.equals(record.peakFraction, settings.peakFraction())) {
            return directory + " holds a run " + fractionText(record.peakFraction) + ", and this one is "
                    + fractionText(settings.peakFraction()) + "; give "
                    + (record.peakFraction == null
                            ? "no --peak-fraction"
                            : "--peak-fraction " + number(record.peakFraction))
                    + resumeOr;
        }
        String durationProblem =
                durationRefusal("--duration", record.testDurationMinutes, settings.testDuration(), directory, resumeOr);
        if (durationProblem != null) {
            return durationProblem;
        }
        durationProblem = durationRefusal(
                "--warmup", record.warmupDurationMinutes, settings.warmupDuration(), directory, resumeOr);
        if (durationProblem != null) {
            return durationProblem;
        }
        String mode = settings.brokersMode();
        if (record.brokers != null && !record.brokers.equals(mode)) {
            return directory + " holds a run " + brokersText(record.brokers, mode) + ", and this one is "
                    + brokersText(mode, record.brokers) + "; give "
                    + (StudyRunRecord.GIVEN_BROKERS.equals(record.brokers)
                            ? "no " + option(mode)
                            : option(record.brokers))
                    + resumeOr;
        }
        return null;
    }

    /** Whether {@code run} is kept: done, with its result file in {@code directory}. */
    public static boolean keeps(StudyRunRecord.Run run, Path directory) {
        return StudyRunRecord.DONE.equals(run.status)
                && run.resultFile != null
                && Files.isRegularFile(directory.resolve(run.resultFile));
    }

    /** {@code text} (a duration as the workload keys take it) in minutes, or {@code null}. */
    public static Double minutes(String text) {
        return text == null ? null : DurationText.parse(text).toMillis() / 60_000.0;
    }

    /** Minutes as a duration text ({@code 0.5} → {@code 30s}). */
    public static String durationText(double minutes) {
        Duration duration = Duration.ofMillis(Math.round(minutes * 60_000));
        StringBuilder text = new StringBuilder();
        if (duration.toHours() > 0) {
            text.append(duration.toHours()).append('h');
        }
        if (duration.toMinutesPart() > 0) {
            text.append(duration.toMinutesPart()).append('m');
        }
        if (duration.toSecondsPart() > 0) {
            text.append(duration.toSecondsPart()).append('s');
        }
        if (duration.toMillisPart() > 0) {
            text.append(duration.toMillisPart()).append("ms");
        }
        return text.isEmpty() ? "0" : text.toString();
    }

    private static String durationRefusal(
            String option, Double recordedMinutes, String given, Path directory, String resumeOr) {
        Double givenMinutes = minutes(given);
        if (Objects.equals(recordedMinutes, givenMinutes)) {
            return null;
        }
        String recorded = recordedMinutes == null ? null : durationText(recordedMinutes);
        return directory + " holds a run " + (recorded == null ? "without " + option : "at " + option + " " + recorded)
                + ", and this one is " + (given == null ? "without " + option : "at " + option + " " + given)
                + "; give " + (recorded == null ? "no " + option : option + " " + recorded) + resumeOr;
    }

    /** How a run of {@code brokers} was made, set against a run of {@code other}. */
    private static String brokersText(String brokers, String other) {
        return StudyRunRecord.GIVEN_BROKERS.equals(brokers)
                ? "on the driver files' brokers (no " + option(other) + ")"
                : "with " + option(brokers);
    }

    /** The option of a brokers mode: {@code --local-brokers} or {@code --local-hosts}. */
    private static String option(String brokers) {
        return StudyRunRecord.LOCAL_HOSTS.equals(brokers) ? "--local-hosts" : "--local-brokers";
    }

    private static String fractionText(Double fraction) {
        return fraction == null ? "without --peak-fraction" : "at --peak-fraction " + number(fraction);
    }

    private static String number(double value) {
        return StudyRunPlanner.rate(value);
    }
}
