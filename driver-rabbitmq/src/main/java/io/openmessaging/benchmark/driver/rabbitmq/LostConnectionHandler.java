package io.openmessaging.benchmark.driver.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.impl.ForgivingExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AMQP client's exception handler for this driver's connections. A connection whose socket fails (the
 * broker killed, the network gone) shuts down its channels, and the driver reports that where it matters: the
 * producers' outstanding sends fail and the consumers report their failure to the worker, which logs one line
 * naming the reason. The client's default handler would log the same loss once more, per connection, so here it
 * is logged at DEBUG only. Every other callback keeps the default behaviour (log and close the channel).
 */
final class LostConnectionHandler extends ForgivingExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(LostConnectionHandler.class);

    @Override
    public void handleUnexpectedConnectionDriverException(Connection connection, Throwable exception) {
        log.debug(
                "connection {} lost: {}",
                connection.getClientProvidedName(),
                ConnectionPool.describe(exception),
                exception);
    }
}
