package io.openmessaging.benchmark.loopback;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which measured messages the driver's {@link LoopbackFault}s hit: counts the messages every producer of the
 * driver sends and names the fault of the n-th. The first fault of the list that chooses a message wins.
 * Thread-safe: producers of several threads share it.
 */
final class FaultPlan {

    private final List<LoopbackFault> faults;
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLongArray hits;

    FaultPlan(List<LoopbackFault> faults) {
        this.faults = List.copyOf(faults);
        this.hits = new AtomicLongArray(faults.size());
    }

    /** The fault that hits the next measured message, or {@code null} when none does. */
    LoopbackFault.Kind next() {
        long number = messages.incrementAndGet();
        for (int i = 0; i < faults.size(); i++) {
            LoopbackFault fault = faults.get(i);
            if (number % fault.everyNth() == 0 && hits.get(i) < fault.count()) {
                hits.incrementAndGet(i);
                return fault.kind();
            }
        }
        return null;
    }
}
