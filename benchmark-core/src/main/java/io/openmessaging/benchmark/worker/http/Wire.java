package io.openmessaging.benchmark.worker.http;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.openmessaging.benchmark.measure.Counters;
import io.openmessaging.benchmark.measure.HistogramSpec;
import io.openmessaging.benchmark.measure.LatencyMetric;
import io.openmessaging.benchmark.measure.PeriodStats;
import io.openmessaging.benchmark.measure.SequenceReport;
import io.openmessaging.benchmark.measure.SequenceSet;
import io.openmessaging.benchmark.worker.LoadSpec;
import io.openmessaging.benchmark.worker.StatsSnapshot;
import io.openmessaging.benchmark.worker.WorkerStatus;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The JSON bodies of worker protocol v1 (docs/distributed.md) and their conversion. Histograms travel as
 * HdrHistogram's compressed encoding in base64, keyed by metric name; nanosecond values throughout.
 */
final class Wire {

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES) // newer peers may add fields
            .build();

    private Wire() {}

    /**
     * {@code leaseMillis}: the current run's lease (null when idle); {@code lastRunEnd}: how the last run
     * the worker ended itself (lease expired, operator's stop) ended, or null.
     */
    record Health(
            String protocol,
            String version,
            String state,
            String driver,
            String epoch,
            Long leaseMillis,
            String lastRunEnd) {}

    record Clock(long epochNanos) {}

    record Error(String error, String detail) {}

    record TopicsRequest(int count, int partitionsPerTopic) {}

    record LoadRequest(LoadSpec load, long samplePeriodMillis, String workload, String driver) {}

    record RateRequest(double ratePerProducerMsgPerSec) {}

    record SampleRequest(long samplePeriodMillis) {}

    record CutRequest(StatsSnapshot.Phase phase) {}

    record Snapshot(
            long seq,
            StatsSnapshot.Phase phase,
            long startEpochNanos,
            long endEpochNanos,
            Counters delta,
            Counters totals,
            Map<LatencyMetric, String> histograms) {}

    /** A {@link SequenceReport}: every {@link SequenceSet} as {@link SequenceSet#toBytes} in base64. */
    record Sequences(Map<Integer, String> acknowledged, Map<String, Receipts> received) {}

    record Receipts(Map<Integer, String> byProducer, long duplicates, long outOfOrder) {}

    static Sequences toWire(SequenceReport report) {
        Map<String, Receipts> received = new TreeMap<>();
        report.received()
                .forEach((pair, receipts) -> received.put(
                        pair,
                        new Receipts(encode(receipts.byProducer()), receipts.duplicates(), receipts.outOfOrder())));
        return new Sequences(encode(report.acknowledged()), received);
    }

    static SequenceReport fromWire(Sequences sequences) {
        Map<String, SequenceReport.Receipts> received = new TreeMap<>();
        sequences
                .received()
                .forEach((pair, receipts) -> received.put(
                        pair,
                        new SequenceReport.Receipts(
                                decode(receipts.byProducer()), receipts.duplicates(), receipts.outOfOrder())));
        return new SequenceReport(decode(sequences.acknowledged()), received);
    }

    private static Map<Integer, String> encode(Map<Integer, SequenceSet> sets) {
        Map<Integer, String> out = new TreeMap<>();
        sets.forEach((id, set) -> out.put(id, Base64.getEncoder().encodeToString(set.toBytes())));
        return out;
    }

    private static Map<Integer, SequenceSet> decode(Map<Integer, String> sets) {
        Map<Integer, SequenceSet> out = new TreeMap<>();
        sets.forEach((id, text) ->
                out.put(id, SequenceSet.fromBytes(Base64.getDecoder().decode(text))));
        return out;
    }

    record Status(List<Snapshot> snapshots, Counters totals, String failure, String epoch, String firstSendError) {}

    static Status toWire(WorkerStatus status) {
        List<Snapshot> snapshots = new ArrayList<>();
        for (StatsSnapshot snapshot : status.snapshots()) {
            PeriodStats stats = snapshot.stats();
            Map<LatencyMetric, String> histograms = new EnumMap<>(LatencyMetric.class);
            for (LatencyMetric metric : LatencyMetric.values()) {
                histograms.put(metric, encode(stats.histogram(metric)));
            }
            snapshots.add(new Snapshot(
                    snapshot.seq(),
                    snapshot.phase(),
                    stats.startEpochNanos(),
                    stats.endEpochNanos(),
                    stats.delta(),
                    stats.totals(),
                    histograms));
        }
        return new Status(snapshots, status.totals(), status.failure(), status.epoch(), status.firstSendError());
    }

    static WorkerStatus fromWire(Status status) throws DataFormatException {
        List<StatsSnapshot> snapshots = new ArrayList<>();
        for (Snapshot snapshot : status.snapshots()) {
            Histogram[] histograms = new Histogram[LatencyMetric.values().length];
            for (LatencyMetric metric : LatencyMetric.values()) {
                String encoded = snapshot.histograms().get(metric);
                if (encoded == null) {
                    throw new DataFormatException("snapshot " + snapshot.seq() + " lacks the " + metric + " histogram");
                }
                histograms[metric.ordinal()] = decode(encoded);
            }
            snapshots.add(new StatsSnapshot(
                    snapshot.seq(),
                    snapshot.phase(),
                    new PeriodStats(
                            snapshot.startEpochNanos(),
                            snapshot.endEpochNanos(),
                            snapshot.delta(),
                            snapshot.totals(),
                            histograms)));
        }
        return new WorkerStatus(snapshots, status.totals(), status.failure(), status.epoch(), status.firstSendError());
    }

    /**
     * {@code histogram} compressed, in Base64. Encoded through a copy: HdrHistogram keeps the buffer it
     * encodes through inside the histogram it encodes, and the snapshots' histograms live on in the worker's
     * history, so encoding them in place would keep one such buffer (about 300 KB) per histogram there;
     * the copy and its buffer are garbage at once. The copy has the full range: the coordinator decodes a
     * histogram of the range its header states, one that does not grow, and merges other workers' periods
     * into it.
     */
    static String encode(Histogram histogram) {
        Histogram copy = new HistogramSpec(histogram.getNumberOfSignificantValueDigits()).newHistogram();
        copy.add(histogram);
        ByteBuffer buffer = ByteBuffer.allocate(copy.getNeededByteBufferCapacity());
        int length = copy.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    static Histogram decode(String base64) throws DataFormatException {
        return Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    }
}
