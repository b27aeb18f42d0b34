package io.openmessaging.benchmark.worker;

/**
 * One producer a worker must create.
 *
 * @param topic the topic it writes to
 * @param producerId unique within the run; travels in every message stamp
 */
public record ProducerAssignment(String topic, int producerId) {}
