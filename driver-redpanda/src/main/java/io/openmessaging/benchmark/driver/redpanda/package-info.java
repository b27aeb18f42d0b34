/**
 * The Redpanda driver (docs/drivers/redpanda.md): the Kafka driver with the Redpanda study's defaults,
 * answering to the Redpanda fork's three driver class names (plain, {@code swarm}, {@code tx}). Tested
 * against the local Kafka broker: no Redpanda package can be installed here.
 */
package io.openmessaging.benchmark.driver.redpanda;
