/**
 * One worker: a configured driver, its producers and consumers, the producer threads that send on the
 * intended-time schedule, and the statistics cut into numbered periods ({@link
 * io.openmessaging.benchmark.worker.LocalWorker}, behind the {@link
 * io.openmessaging.benchmark.worker.WorkerHandle} the coordinator drives). A worker obeys: it knows neither
 * the coordinator nor how it is reached ({@code worker.http} serves it over HTTP).
 */
package io.openmessaging.benchmark.worker;
