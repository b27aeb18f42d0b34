/**
 * What is measured and how it is recorded: the injected {@link io.openmessaging.benchmark.driver.Clock}
 * (epoch and monotonic nanoseconds; {@code SystemClock} in runs), the five latency metrics ({@link
 * io.openmessaging.benchmark.measure.LatencyMetric}: response time from the intended send, service time
 * from the actual send, send delay, for publish and end to end), per-thread HdrHistogram recorders cut
 * into periods ({@link io.openmessaging.benchmark.measure.WorkerStats}), the counters of every message's
 * fate ({@link io.openmessaging.benchmark.measure.Counters}), the ledger of messages in flight, and every
 * message by identity: the sequence numbers acknowledged and received ({@link
 * io.openmessaging.benchmark.measure.SequenceSet}, {@link io.openmessaging.benchmark.measure.ReceivedSequences})
 * and what they add up to over the workers ({@link io.openmessaging.benchmark.measure.IdentityAccount}). A leaf:
 * it uses nothing of the framework.
 */
package io.openmessaging.benchmark.measure;
