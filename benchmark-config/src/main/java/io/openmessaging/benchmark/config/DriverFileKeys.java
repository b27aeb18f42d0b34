package io.openmessaging.benchmark.config;

import java.util.List;

/**
 * The keys every driver file carries for the framework, which reads them before the driver sees the file:
 * a driver's schema includes them ({@link ConfigSchema#forDriverFile}) instead of listing them by hand.
 */
public final class DriverFileKeys {

    public static final ConfigKey<String> NAME = ConfigKey.text("name")
            .defaultText("*required*") // the framework requires it; a driver reading its file does not
            .meaning("Label of this driver configuration, copied into the result and its file name.")
            .build();

    public static final ConfigKey<String> DRIVER = ConfigKey.text("driver")
            .defaultText("what `driverClass` names")
            .meaning("Which installed driver reads this file, by its short id (`bin/benchmark validate` lists"
                    + " them); this key or `driverClass` is required.")
            .build();

    public static final ConfigKey<String> DRIVER_CLASS = ConfigKey.text("driverClass")
            .defaultText("none")
            .meaning("Upstream's way to name the driver, by its Java class; accepted for compatibility. With"
                    + " `driver`, both must name the same driver.")
            .build();

    /** The three, in reference order. */
    public static final List<ConfigKey<?>> ALL = List.of(NAME, DRIVER, DRIVER_CLASS);

    private DriverFileKeys() {}
}
