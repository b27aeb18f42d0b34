/**
 * Micro-benchmarks of the tool's own costs, run by the {@code bin/bench-*} and {@code bin/perf-baseline}
 * scripts: what a send costs the framework ({@code FrameworkOverheadBench}), what recording a latency
 * costs ({@code HistogramCostBench}), what writing and reading a message stamp costs ({@code
 * StampCodecCostBench}), what a producer wake-up costs ({@code WakeUpCostBench}); the Kafka driver's
 * allocation per message is measured by {@code
 * io.openmessaging.benchmark.driver.kafka.KafkaDriverAllocationBench}. They print figures; nothing here
 * runs in a benchmark run.
 */
package io.openmessaging.benchmark.bench;
