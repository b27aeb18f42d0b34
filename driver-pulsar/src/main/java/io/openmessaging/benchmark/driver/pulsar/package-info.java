/**
 * The Apache Pulsar driver (docs/drivers/pulsar.md): the Pulsar client and admin client, upstream's driver
 * file format read strictly, partitioned topics, subscriptions as Pulsar subscriptions.
 */
package io.openmessaging.benchmark.driver.pulsar;
