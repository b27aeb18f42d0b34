package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.result.BuildIdentity;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The names dashboards and alerts query: they must not drift with a Micrometer or Prometheus client update. */
class WorkerMetricsNamesTest {

    @Test
    void buildInfoNamesTheVersionAndCommitWithTheValueOne() {
        String scrape = new WorkerMetrics("w1", new BuildIdentity("1.2.3", "0123abc", "false")).scrape();

        List<String> info = samples(scrape, "omb_build_info");
        assertThat(info).hasSize(1);
        assertThat(info.get(0)).startsWith("omb_build_info{commit=\"0123abc\",version=\"1.2.3\",worker=\"w1\"} ");
        assertThat(value(info.get(0))).isEqualTo(1.0);
        assertThat(scrape).contains("# TYPE omb_build_info gauge");
    }

    @Test
    void processCpuSecondsIsACounterNamedAsPrometheusJavaClientNamesIt() {
        String scrape = new WorkerMetrics("w1").scrape();

        assertThat(scrape).contains("# TYPE process_cpu_seconds_total counter");
        List<String> cpu = samples(scrape, "process_cpu_seconds_total");
        assertThat(cpu).hasSize(1);
        assertThat(cpu.get(0)).startsWith("process_cpu_seconds_total{worker=\"w1\"} ");
        assertThat(value(cpu.get(0))).isPositive();
    }

    private static double value(String sample) {
        return Double.parseDouble(sample.substring(sample.lastIndexOf(' ') + 1));
    }

    private static List<String> samples(String scrape, String name) {
        return Arrays.stream(scrape.split("\n"))
                .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .toList();
    }
}
