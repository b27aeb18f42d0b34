package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.driver.SystemClock;

/** Registers the in-memory {@link LoopbackDriver} as {@code driver: loopback}, on the system clock. */
public final class LoopbackDriverProvider implements DriverProvider {

    public static final String ID = "loopback";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public BenchmarkDriver create() {
        return new LoopbackDriver(SystemClock.INSTANCE);
    }
}
