package io.openmessaging.benchmark.bench.floor;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.openmessaging.benchmark.driver.rabbitmq.BrokerEndpoint;
import io.openmessaging.benchmark.driver.rabbitmq.QueueType;
import io.openmessaging.benchmark.driver.rabbitmq.RabbitMqDriverConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The client library's floor for a RabbitMQ workload: the same sends and receives as the benchmark with
 * the same driver file's settings (parsed by the RabbitMQ driver's own {@link RabbitMqDriverConfig}),
 * and nothing else (no stamp header, no histograms, no per-message confirm bookkeeping).
 *
 * <p>As the driver: connections from the driver's {@link BrokerEndpoint#connectionFactory} (no
 * recovery, heartbeat, timeouts) to the first {@code amqpUris} entry, one for declarations, one for
 * producers, one for consumers (the driver's defaults of one producer and one consumer connection per
 * URI); per topic a durable exchange of the file's {@code exchangeType}, per partition a durable queue
 * of the file's {@code queueType} (with its {@code queueArguments}) bound with routing key {@code "k"}
 * (one queue for a fanout exchange); per producer a channel that publishes {@code mandatory} with the
 * file's delivery mode, round-robin over the routing keys from a random one, with publisher confirms
 * when {@code publisherConfirms} (counted from the broker's acks); per consumer a channel with the
 * file's prefetch subscribed to every queue, acking each delivery (single) unless {@code autoAck}.
 * Queues and exchanges are deleted at the end when {@code deleteTopologyOnClose}, as the driver does.
 *
 * <p>Pacing, threads, counters and exit code are {@link FloorRun}'s.
 */
public final class RabbitMqFloor extends FloorRun {

    private static final int DELIVERY_MODE_TRANSIENT = 1;
    private static final int DELIVERY_MODE_PERSISTENT = 2;

    private final RabbitMqDriverConfig config;
    private final List<String> exchanges = new ArrayList<>();
    private final List<String> queues = new ArrayList<>();
    private final List<Channel> consumerChannels = new ArrayList<>();
    private Connection admin;
    private Connection producerConnection;
    private Connection consumerConnection;

    private RabbitMqFloor(FloorOptions options, RabbitMqDriverConfig config) {
        super(options);
        this.config = config;
    }

    public static void main(String[] args) throws Exception {
        FloorRun.main("rabbitmq-floor", args, RabbitMqDriverConfig::parse, RabbitMqFloor::new);
    }

    @Override
    List<String> start(String runId) throws Exception {
        BrokerEndpoint endpoint = config.endpoints().get(0);
        admin = endpoint.connectionFactory(config.connectionTimeoutMs()).newConnection("omb-admin-0");
        producerConnection =
                endpoint.connectionFactory(config.connectionTimeoutMs()).newConnection("omb-producers-0");
        consumerConnection =
                endpoint.connectionFactory(config.connectionTimeoutMs()).newConnection("omb-consumers-0");
        Map<String, Object> arguments = new HashMap<>(config.queueArguments());
        arguments.put("x-queue-type", config.queueType().argument());
        boolean byKey = config.exchangeType().routesByKey();
        String subscription = "floor-sub-" + runId;
        List<List<String>> queuesByTopic = new ArrayList<>();
        try (Channel channel = admin.createChannel()) {
            for (int t = 0; t < options.topics(); t++) {
                String exchange = config.topicPrefix() + "-floor-" + runId + "-" + t;
                channel.exchangeDeclare(exchange, config.exchangeType().amqpType(), true, false, false, null);
                exchanges.add(exchange);
                List<String> topicQueues = new ArrayList<>();
                for (int k = 0; k < (byKey ? options.partitionsPerTopic() : 1); k++) {
                    String queue = exchange + "." + subscription + (byKey ? "." + k : "");
                    channel.queueDeclare(queue, true, false, false, arguments);
                    channel.queueBind(queue, exchange, byKey ? Integer.toString(k) : "");
                    topicQueues.add(queue);
                }
                queues.addAll(topicQueues);
                queuesByTopic.add(topicQueues);
            }
        }
        boolean stream = config.queueType() == QueueType.STREAM;
        for (List<String> topicQueues : queuesByTopic) {
            // on a stream only the first consumer of a subscription reads, as with the driver
            for (int c = 0; c < (stream ? 1 : options.consumersPerTopic()); c++) {
                Channel channel = consumerConnection.createChannel();
                if (!config.autoAck() && config.prefetchCount() > 0) {
                    channel.basicQos(config.prefetchCount(), false);
                }
                Map<String, Object> consumeArguments = stream ? Map.of("x-stream-offset", "first") : null;
                for (String queue : topicQueues) {
                    channel.basicConsume(
                            queue, config.autoAck(), "", false, false, consumeArguments, new Receiver(channel));
                }
                consumerChannels.add(channel);
            }
        }
        return List.copyOf(exchanges);
    }

    @Override
    Sender sender(String exchange) throws Exception {
        Channel channel = producerConnection.createChannel();
        boolean confirms = config.publisherConfirms();
        if (confirms) {
            channel.confirmSelect();
            channel.addConfirmListener(new Confirms());
        }
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                .deliveryMode(config.messagePersistence() ? DELIVERY_MODE_PERSISTENT : DELIVERY_MODE_TRANSIENT)
                .build();
        boolean byKey = config.exchangeType().routesByKey();
        String[] routingKeys = new String[byKey ? options.partitionsPerTopic() : 1];
        for (int k = 0; k < routingKeys.length; k++) {
            routingKeys[k] = byKey ? Integer.toString(k) : "";
        }
        return new Sender() {
            private int next = ThreadLocalRandom.current().nextInt(routingKeys.length);

            @Override
            public void send(byte[] payload) throws IOException {
                String routingKey = routingKeys[next];
                next = next + 1 == routingKeys.length ? 0 : next + 1;
                channel.basicPublish(exchange, routingKey, true, properties, payload);
                if (!confirms) {
                    acknowledged.increment();
                }
            }

            @Override
            public void close() throws Exception {
                if (confirms) {
                    channel.waitForConfirms(TimeUnit.SECONDS.toMillis(60));
                }
                channel.close();
            }
        };
    }

    @Override
    void stop() throws Exception {
        for (Channel channel : consumerChannels) {
            if (channel.isOpen()) {
                channel.close();
            }
        }
        if (admin != null && config.deleteTopologyOnClose()) {
            try (Channel channel = admin.createChannel()) {
                for (String queue : queues) {
                    channel.queueDelete(queue);
                }
                for (String exchange : exchanges) {
                    channel.exchangeDelete(exchange);
                }
            }
        }
        for (Connection connection : new Connection[] {producerConnection, consumerConnection, admin}) {
            if (connection != null && connection.isOpen()) {
                connection.close();
            }
        }
    }

    /** Counts each delivery and its bytes and acks it (single) unless auto-ack. */
    private final class Receiver extends DefaultConsumer {
        Receiver(Channel channel) {
            super(channel);
        }

        @Override
        public void handleDelivery(String consumerTag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                throws IOException {
            receivedBytes.add(body.length);
            received.increment();
            if (!config.autoAck()) {
                getChannel().basicAck(envelope.getDeliveryTag(), false);
            }
        }
    }

    /**
     * Counts the broker's confirms of one producer channel: a {@code multiple} ack or nack covers every
     * sequence number up to its tag not yet confirmed. Called on the connection's thread only.
     */
    private final class Confirms implements ConfirmListener {
        private long confirmedUpTo;

        @Override
        public void handleAck(long deliveryTag, boolean multiple) {
            acknowledged.add(covered(deliveryTag, multiple));
        }

        @Override
        public void handleNack(long deliveryTag, boolean multiple) {
            failed.add(covered(deliveryTag, multiple));
        }

        private long covered(long deliveryTag, boolean multiple) {
            long count = multiple ? deliveryTag - confirmedUpTo : 1;
            confirmedUpTo = Math.max(confirmedUpTo, deliveryTag);
            return Math.max(0, count);
        }
    }
}
