/**
 * The drivers installed on the class path and the driver files that select them: {@link
 * io.openmessaging.benchmark.drivers.DriverRegistry} finds every {@code DriverProvider} through {@code
 * ServiceLoader} and resolves a file's {@code driver} id or upstream {@code driverClass}; {@link
 * io.openmessaging.benchmark.drivers.DriverConfigurationLoader} reads a driver file's framework keys
 * ({@code name}, {@code driver}, {@code driverClass}), its {@code ${OMB_…}} references and {@code --set
 * driver.…} assignments. Workloads know nothing of installed drivers; workers and the command line use
 * this package to get one.
 */
package io.openmessaging.benchmark.drivers;
