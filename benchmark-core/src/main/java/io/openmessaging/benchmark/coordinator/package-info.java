/**
 * Runs one workload with one driver over one or more workers: places producers and consumers ({@link
 * io.openmessaging.benchmark.coordinator.WorkerRoles}), creates topics, waits until every subscription
 * receives, drives the warm-up, measured and drain phases (or a rate search or rate plan) through {@link
 * io.openmessaging.benchmark.coordinator.Ensemble}, judges whether the run delivered what the workload
 * asked ({@link io.openmessaging.benchmark.coordinator.RunVerdict}) and records the result ({@link
 * io.openmessaging.benchmark.coordinator.RunRecorder}). It talks to workers only through {@code
 * WorkerHandle}, so an in-process worker and a remote one are the same to it.
 */
package io.openmessaging.benchmark.coordinator;
