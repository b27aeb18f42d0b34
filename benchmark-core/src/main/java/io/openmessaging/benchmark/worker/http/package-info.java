/**
 * A worker over HTTP (protocol v1, docs/distributed.md): {@link
 * io.openmessaging.benchmark.worker.http.WorkerServer} serves a {@code LocalWorker} on Jetty with the
 * bearer token and run-owner rules; {@link io.openmessaging.benchmark.worker.http.HttpWorkerClient} is the
 * coordinator's {@code WorkerHandle} for a remote worker; {@link
 * io.openmessaging.benchmark.worker.http.MetricsServer} and {@link
 * io.openmessaging.benchmark.worker.http.WorkerMetrics} serve Prometheus metrics on the stats port.
 */
package io.openmessaging.benchmark.worker.http;
