package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.result.ClockOffset;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Whether a worker's measured clock offset deserves a warning. The measurement ({@code GET /v1/clock}, NTP
 * style) gives an offset and an error bound: the true offset lies within {@code offset ± bound}. The rule:
 *
 * <ul>
 *   <li>a worker reached on a <b>loopback address</b> runs on the coordinator's machine and reads the same
 *       clock: never warned about, whatever a busy machine's round trips make of the measurement;
 *   <li>an offset <b>within the error bound</b> ({@code |offset| ≤ bound}) is what one shared clock measures
 *       (a worker on this machine reached by another address, or well synchronised hosts): not warned about;
 *   <li>otherwise the clocks measurably differ, and that is warned about when it matters for end-to-end
 *       latencies between hosts: the offset above {@link Defaults#CLOCK_OFFSET_WARNING} or the bound above
 *       {@link Defaults#CLOCK_OFFSET_BOUND_WARNING}.
 * </ul>
 */
final class ClockOffsetCheck {

    private ClockOffsetCheck() {}

    /** The warning about {@code offset} of the worker at {@code workerUrl}, or {@code null} for none. */
    static String warning(ClockOffset offset, String workerUrl) {
        return warning(offset, onLoopback(workerUrl));
    }

    /** The warning about {@code offset}, or {@code null} for none; {@code loopback}: the worker is on this machine. */
    static String warning(ClockOffset offset, boolean loopback) {
        long offsetNanos = Math.abs(offset.offsetNanos());
        long boundNanos = offset.errorBoundNanos();
        if (loopback || offsetNanos <= boundNanos) {
            return null;
        }
        if (offsetNanos <= Defaults.CLOCK_OFFSET_WARNING.toNanos()
                && boundNanos <= Defaults.CLOCK_OFFSET_BOUND_WARNING.toNanos()) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "worker %s clock offset %.3f ms ± %.3f ms: its clock differs from the coordinator's by more than"
                        + " the measurement's error, so end-to-end latencies between hosts are off by up to %.3f ms"
                        + " (is chrony running on both hosts?)",
                offset.worker(),
                offset.offsetNanos() / 1e6,
                boundNanos / 1e6,
                (offsetNanos + boundNanos) / 1e6);
    }

    /**
     * Whether the worker URL's host is a loopback address (a name is resolved as the HTTP client resolves it); a
     * host that does not resolve is not.
     */
    static boolean onLoopback(String workerUrl) {
        try {
            String host = URI.create(workerUrl).getHost();
            if (host == null) {
                return false;
            }
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (IllegalArgumentException | UnknownHostException e) {
            return false;
        }
    }
}
