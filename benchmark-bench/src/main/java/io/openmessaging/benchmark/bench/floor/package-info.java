/**
 * The client library's floor next to the tool ({@code bin/perf-floor}): {@code KafkaFloor}, {@code
 * PulsarFloor} and {@code RabbitMqFloor} do a workload's sends and receives with the driver file's client
 * settings and nothing else, on the pacing, threads and command line of {@code FloorRun}; {@code
 * PerfFloorTable} prints the tool's and the floor's CPU, memory and per-thread CPU side by side.
 */
package io.openmessaging.benchmark.bench.floor;
