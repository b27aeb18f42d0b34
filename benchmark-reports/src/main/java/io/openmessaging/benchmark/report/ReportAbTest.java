package io.openmessaging.benchmark.report;

import io.openmessaging.benchmark.abtest.AbVerdicts;
import java.nio.file.Path;

/**
 * One A/B comparison as reports show it.
 *
 * @param file the comparison's file ({@code ab-verdicts.json})
 * @param verdicts its content
 */
public record ReportAbTest(Path file, AbVerdicts verdicts) {

    /** Heading: {@code A/B comparison: A = 3.9.1, B = 4.4.0}. */
    public String title() {
        return "A/B comparison: A = " + verdicts.a().label() + ", B = "
                + verdicts.b().label();
    }
}
