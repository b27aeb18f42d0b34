/**
 * The Apache Kafka driver (docs/drivers/kafka.md): one client per producer and per consumer, the driver
 * file read strictly with the client's own config definitions ({@link
 * io.openmessaging.benchmark.driver.kafka.KafkaDriverConfig}), topic creation in batches with retries,
 * coalesced offset commits, transactions ({@code requestsPerTransaction}) and the limits a Kafka cluster
 * would refuse, found before a run ({@link io.openmessaging.benchmark.driver.kafka.KafkaLoadLimits}).
 */
package io.openmessaging.benchmark.driver.kafka;
