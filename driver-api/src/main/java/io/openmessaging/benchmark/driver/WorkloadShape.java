package io.openmessaging.benchmark.driver;

/**
 * What a driver may check of a workload before a run connects ({@link BenchmarkDriver#loadProblems}).
 *
 * @param messageBytes payload bytes of every message
 * @param partitionsPerTopic partitions of each topic the run creates; 0 when it uses existing topics
 * @param subscriptionsPerTopic subscriptions (consumer groups) reading each topic; 0 for a producer-only run
 */
public record WorkloadShape(int messageBytes, int partitionsPerTopic, int subscriptionsPerTopic) {}
