/**
 * The RabbitMQ driver (docs/drivers/rabbitmq.md): AMQP 0-9-1 through amqp-client, an exchange per topic
 * with the subscriptions' queues bound to it (per partition, or one per subscription with FANOUT), and
 * publisher confirms as acknowledgements.
 */
package io.openmessaging.benchmark.driver.rabbitmq;
