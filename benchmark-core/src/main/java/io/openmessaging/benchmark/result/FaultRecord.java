package io.openmessaging.benchmark.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One command of the run's fault schedule ({@code --fault AT=COMMAND}) as it ran: what it was, when it was
 * due and when it ran, and how it ended. Ours. The JSON field order is that of {@link JsonPropertyOrder}.
 */
@JsonPropertyOrder({
    "command",
    "plannedSeconds",
    "startSeconds",
    "startedAt",
    "durationSeconds",
    "exitCode",
    "outcome",
    "output"
})
public class FaultRecord {

    /** The command, as given; run by {@code /bin/sh -c} on the coordinator's machine. */
    public String command;

    /** When it was due: seconds after the measured phase started. */
    public Double plannedSeconds;

    /** When it started, seconds after the measured phase started; {@code null} when it never ran. */
    public Double startSeconds;

    /** When it started, ISO-8601 UTC with milliseconds; {@code null} when it never ran. */
    public String startedAt;

    /** How long it ran; {@code null} when it never ran. */
    public Double durationSeconds;

    /** Its exit status; {@code null} when it did not end by itself (not run, or stopped at the run's end). */
    public Integer exitCode;

    /**
     * {@code exited} (see {@link #exitCode}), {@code not run: …} (the run ended or failed before it was due,
     * or it could not be started) or {@code stopped: …} (still running when the run ended).
     */
    public String outcome;

    /** The last lines of its standard output and error together (at most 2,000 characters). */
    public String output;
}
