package io.openmessaging.benchmark.driver;

/**
 * A topic to create. Immutable.
 *
 * @param name full topic name, already prefixed with {@link BenchmarkDriver#topicNamePrefix()}
 * @param partitions number of partitions, at least 1
 */
public record TopicSpec(String name, int partitions) {}
