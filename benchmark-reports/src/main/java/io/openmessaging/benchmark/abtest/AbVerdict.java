package io.openmessaging.benchmark.abtest;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** What an A/B comparison concludes about one figure of side B against side A. */
public enum AbVerdict {
    /** B is better: lower latency or higher rate, and the difference is significant. */
    FASTER("faster"),
    /** B is worse: higher latency or lower rate, and the difference is significant. */
    SLOWER("slower"),
    /** The test or the interval does not tell the sides apart. */
    NO_DIFFERENCE("no difference within the noise"),
    /** Fewer than two runs of a side hold the figure, or side A's median is 0. */
    NOT_COMPARED("not compared");

    private final String label;

    AbVerdict(String label) {
        this.label = label;
    }

    /** As written in tables and the JSON, e.g. {@code no difference within the noise}. */
    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    static AbVerdict byLabel(String label) {
        return Arrays.stream(values())
                .filter(verdict -> verdict.label.equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown verdict '" + label + "'"));
    }

    /** Whether the sides differ significantly. */
    public boolean isSignificant() {
        return this == FASTER || this == SLOWER;
    }
}
