/**
 * The driver SPI: what a messaging system's driver implements ({@link
 * io.openmessaging.benchmark.driver.BenchmarkDriver}, {@link io.openmessaging.benchmark.driver.BenchmarkProducer},
 * {@link io.openmessaging.benchmark.driver.BenchmarkConsumer}) and registers through {@link
 * io.openmessaging.benchmark.driver.DriverProvider}, with the message stamp every message carries ({@link
 * io.openmessaging.benchmark.driver.MessageStampCodec}). Depends on nothing of the framework; docs/drivers/
 * says how to write a driver.
 */
package io.openmessaging.benchmark.driver;
