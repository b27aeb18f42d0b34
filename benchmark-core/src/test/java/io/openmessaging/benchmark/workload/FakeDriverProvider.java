package io.openmessaging.benchmark.workload;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.driver.WorkloadShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A driver that only reads its file: it refuses a line starting with {@code compression:}, crashes
 * on one starting with {@code explode:}, warns of one starting with {@code unusedSetting:}, takes
 * messages up to the size a line {@code maxMessageBytes: N} gives, and remembers every driver it made,
 * so tests can see that each was closed.
 */
public final class FakeDriverProvider implements DriverProvider {

    public static final String UPSTREAM_CLASS = "com.example.benchmark.FakeBenchmarkDriver";

    private final String id;
    private final List<FakeDriver> created = new ArrayList<>();

    public FakeDriverProvider() {
        this("fake");
    }

    public FakeDriverProvider(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public Set<String> driverClassAliases() {
        return id.equals("fake") ? Set.of(UPSTREAM_CLASS) : Set.of();
    }

    @Override
    public BenchmarkDriver create() {
        FakeDriver driver = new FakeDriver();
        created.add(driver);
        return driver;
    }

    public List<FakeDriver> created() {
        return created;
    }

    public static final class FakeDriver implements BenchmarkDriver {

        private String configuredWith;
        private String sourceName;
        private long maxMessageBytes = Long.MAX_VALUE;
        private final List<String> warnings = new ArrayList<>();
        private boolean closed;

        @Override
        public void configure(String driverYaml, String sourceName) throws DriverException {
            String[] lines = driverYaml.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].startsWith("explode:")) {
                    throw new IllegalStateException("boom");
                }
                if (lines[i].startsWith("compression:")) {
                    throw new DriverException(
                            sourceName + ":" + (i + 1) + ": compression is not supported by the" + " fake driver");
                }
            }
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].startsWith("maxMessageBytes:")) {
                    maxMessageBytes = Long.parseLong(
                            lines[i].substring("maxMessageBytes:".length()).strip());
                }
                if (lines[i].startsWith("unusedSetting:")) {
                    warnings.add(sourceName + ":" + (i + 1) + ":1: unusedSetting is read by no fake client");
                }
            }
            configuredWith = driverYaml;
            this.sourceName = sourceName;
        }

        @Override
        public List<String> loadProblems(WorkloadShape workload) {
            return workload.messageBytes() > maxMessageBytes
                    ? List.of(sourceName + ": a message of " + workload.messageBytes() + " bytes is above the fake's "
                            + maxMessageBytes)
                    : List.of();
        }

        @Override
        public List<String> configWarnings() {
            return warnings;
        }

        public String configuredWith() {
            return configuredWith;
        }

        public boolean closed() {
            return closed;
        }

        @Override
        public void initialize() {
            throw new UnsupportedOperationException("the fake driver never connects");
        }

        @Override
        public String topicNamePrefix() {
            return "fake";
        }

        @Override
        public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(
                String topic, String subscriptionName, ConsumerCallback callback) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
