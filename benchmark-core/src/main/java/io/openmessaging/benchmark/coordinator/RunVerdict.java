package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.IdentityCounts;
import io.openmessaging.benchmark.workload.Workload;
import java.util.Locale;

/**
 * When a run that ran to its end still failed (docs/measurement.md, "When a run fails"): it did not
 * deliver what the workload asked. Stalls and the drain timeout are judged while the run goes on
 * ({@code BenchmarkRun}); this judges the counters. Stateless.
 */
final class RunVerdict {

    /** Below this many completed sends, a percentage allowance is not judged during the run. */
    static final long MIN_SENDS_FOR_RATIO = 100;

    private RunVerdict() {}

    /**
     * During the run: fails at the first send error when the workload allows none, otherwise when the
     * errors so far exceed its allowance (once {@value #MIN_SENDS_FOR_RATIO} sends completed).
     */
    static void checkSendErrorsSoFar(Counters totals, Workload workload, String firstError, String brokerName)
            throws RunFailedException {
        double allowance = workload.sendErrorAllowancePercent();
        long completed = totals.messagesAcked() + totals.sendErrors();
        if (totals.sendErrors() > 0 && (allowance == 0 || completed >= MIN_SENDS_FOR_RATIO)) {
            checkSendErrors(totals, workload, firstError, brokerName);
        }
    }

    /**
     * How the sends that were made went, from the run's histograms (nanoseconds): the service time's p99
     * ({@code acked − sent}) and the publish delay's p50 ({@code sent − intended}).
     */
    record SendFigures(long serviceP99Nanos, long delayP50Nanos) {

        /** Below this the service time counts as "answered at once" whatever the delay. */
        static final long SERVICE_FLOOR_NANOS = 1_000_000;

        /**
         * The tool's send loop, not the broker, was the limit: the client answered the messages that were sent
         * promptly (service time p99), yet the typical message was sent more than ten times that late. A
         * client that blocks or a broker that is slow shows in the service time instead.
         */
        boolean sendLoopFellBehind() {
            return delayP50Nanos > 10 * Math.max(serviceP99Nanos, SERVICE_FLOOR_NANOS);
        }
    }

    /** After the run, its books closed: every message that came due must have been delivered. */
    static void check(Counters totals, Workload workload, String firstError, String brokerName)
            throws RunFailedException {
        check(totals, workload, firstError, brokerName, null);
    }

    /**
     * As {@link #check(Counters, Workload, String, String)}; {@code figures} (may be {@code null}) choose what
     * messages left unsent are blamed on: the tool's own send loop when it fell behind while the client
     * answered at once, otherwise the broker.
     */
    static void check(Counters totals, Workload workload, String firstError, String brokerName, SendFigures figures)
            throws RunFailedException {
        checkSendErrors(totals, workload, firstError, brokerName);
        if (totals.messagesNotSent() > 0 && figures != null && figures.sendLoopFellBehind()) {
            throw new RunFailedException(String.format(
                    Locale.ROOT,
                    "%,d of %,d message(s) that came due were never handed to the client: this tool's send loop"
                            + " fell behind its schedule (publish delay p50 %s ms, while %s answered the sends it got"
                            + " within %s ms at p99), so the target of %s is more than this producer setup can"
                            + " send; lower producerRate, or add producers (producersPerTopic) or workers",
                    totals.messagesNotSent(),
                    totals.messagesDue(),
                    millis(figures.delayP50Nanos()),
                    brokerName,
                    millis(figures.serviceP99Nanos()),
                    workload.producerRate() > 0
                            ? String.format(Locale.ROOT, "%,.0f msg/s", workload.producerRate())
                            : "the searched rate"));
        }
        if (totals.messagesNotSent() > 0) {
            throw new RunFailedException(String.format(
                    Locale.ROOT,
                    "%,d of %,d message(s) that came due were never"
                            + " handed to the client: the producer was still blocked in its send when the load stopped"
                            + " (is %s overloaded or down?)",
                    totals.messagesNotSent(),
                    totals.messagesDue(),
                    brokerName));
        }
        if (totals.messagesUnackedAtEnd() > 0) {
            throw new RunFailedException(String.format(
                    Locale.ROOT,
                    "%,d message(s) were neither acknowledged nor" + " failed by %s when the run ended",
                    totals.messagesUnackedAtEnd(),
                    brokerName));
        }
    }

    /**
     * After the run, its books closed and the drain done: every message the broker acknowledged reached every
     * subscription of its topic, by identity, or no more of them were lost than the workload's {@code
     * allowedLoss}; duplicates never make up for a lost message.
     */
    static void checkIdentity(IdentityCounts total, Workload workload, String brokerName) throws RunFailedException {
        if (total.lost() > workload.allowedLoss()) {
            throw new RunFailedException(String.format(
                    Locale.ROOT,
                    "%,d lost: acknowledged by %s and never received by a subscription of their topic (%s; the"
                            + " workload allows %,d: allowedLoss)",
                    total.lost(),
                    brokerName,
                    total.describe(),
                    workload.allowedLoss()));
        }
    }

    private static void checkSendErrors(Counters totals, Workload workload, String firstError, String brokerName)
            throws RunFailedException {
        long errors = totals.sendErrors();
        if (errors == 0) {
            return;
        }
        long completed = totals.messagesAcked() + errors;
        double percent = 100.0 * errors / completed;
        double allowance = workload.sendErrorAllowancePercent();
        if (allowance > 0 && percent <= allowance) {
            return;
        }
        String allowed = allowance == 0
                ? "the workload allows none: sendErrorAllowancePercent"
                : String.format(Locale.ROOT, "above the workload's sendErrorAllowancePercent: %s", strip(allowance));
        throw new RunFailedException(String.format(
                Locale.ROOT,
                "%,d of %,d send(s) to %s failed (%s %%; %s);" + " first error: %s",
                errors,
                completed,
                brokerName,
                strip(percent),
                allowed,
                firstError == null ? "not reported" : firstError));
    }

    private static String strip(double value) {
        if (value > 0 && value < 0.01) {
            return "< 0.01";
        }
        String text = String.format(Locale.ROOT, "%.2f", value);
        return text.replaceFirst("\\.?0+$", "");
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%,.3f", nanos / 1e6);
    }
}
