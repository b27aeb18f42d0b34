package io.openmessaging.benchmark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.testing.BenchmarkRuns;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * worker-2 cut off from its coordinator mid-run, the coordinator killed with SIGKILL a second later, the link
 * healed 9 s after the cut: the dead coordinator's kernel then delivers requests it wrote before the cut (TCP
 * retransmissions of orphaned connections), seconds late. The worker's lease runs from when its coordinator
 * sent its last request, so worker-2 ends the run within the lease (plus 5 s) of the cut, and says in its
 * health how late the last request arrived (docs/distributed.md#failures).
 *
 * <p>A cluster of its own ({@value #PREFIX}…, {@value #SUBNET}.0/24, no broker: the loopback driver), so
 * that it runs beside the shared one of the other drills.
 */
class CutOffWorkerLeaseIT {
    private static final String PREFIX = "omblcut-";
    private static final String SUBNET = "10.213.62";
    private static final long LEASE_SECONDS = 20;
    /** The bound of the documented promise: the run ends within the lease plus this after the cut. */
    private static final long MARGIN_SECONDS = 5;

    private static final long KILL_AFTER_CUT_MILLIS = 1_000;
    private static final long HEAL_AFTER_CUT_MILLIS = 9_000;
    private static final Pattern ENDED_AT = Pattern.compile("ended at (\\S+Z): (.*)\"");

    private static LocalCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void startOwnCluster() {
        cluster = LocalCluster.startOwn(PREFIX, SUBNET, "--workers", "2", "--system", "none");
    }

    @AfterAll
    static void stopOwnCluster() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    void aWorkerCutOffFromItsDeadCoordinatorEndsItsRunWithinTheLeaseOfTheCut() throws Exception {
        Path workload = BenchmarkRuns.workload(dir, "cut-off-worker-lease", 4, 2, 2, 1000, "2s", "60s", 1000);
        Instant[] cutAt = new Instant[1];
        LocalCluster.OnLine drill = new LocalCluster.OnLine("measured 5 ", () -> {
            try {
                cluster.cluster("partition", "coordinator", "worker-2");
                cutAt[0] = Instant.now();
                long cutNanos = System.nanoTime();
                Thread.sleep(KILL_AFTER_CUT_MILLIS);
                cluster.killCoordinator();
                Thread.sleep(HEAL_AFTER_CUT_MILLIS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cutNanos));
                cluster.cluster("heal", "coordinator", "worker-2");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        LocalCluster.Run run = cluster.benchmark(
                dir, workload, drill, "--topology", "SWARM", "--worker-lease-seconds", String.valueOf(LEASE_SECONDS));
        drill.firedNanos(); // the kill ended the run; wait for the heal
        assertThat(run.exitCode())
                .as("the killed coordinator's exit: %s", run.output())
                .isNotZero();

        String health = awaitIdle(2);
        Matcher end = ENDED_AT.matcher(health);
        assertThat(end.find()).as("worker-2's lastRunEnd: %s", health).isTrue();
        Instant endedAt = Instant.parse(end.group(1));
        Duration cutToEnd = Duration.between(cutAt[0], endedAt);
        System.out.printf(
                "worker-2 cut off at %s, its coordinator killed 1 s later: run ended %.1f s after the cut: %s%n",
                cutAt[0], cutToEnd.toMillis() / 1e3, end.group(2));

        assertThat(end.group(2)).startsWith("lease expired: no request from its coordinator for");
        assertThat(cutToEnd)
                .as("from the cut to the end of worker-2's run (lease %d s)", LEASE_SECONDS)
                .isBetween(Duration.ofSeconds(LEASE_SECONDS - 2), Duration.ofSeconds(LEASE_SECONDS + MARGIN_SECONDS));
        assertThat(end.group(2))
                .as("a request the coordinator wrote before the cut reached worker-2 after the heal (the drill's"
                        + " point; the kernel retransmits an orphaned connection's data)")
                .containsPattern("arrived [0-9.]+ s after it was sent");
        assertThat(awaitIdle(1)).as("worker-1, whose coordinator died").contains("lease expired");
    }

    /** worker-{@code i}'s health once it reads idle (asked inside its namespace); fails after a minute. */
    private static String awaitIdle(int i) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String health;
        while (!(health = cluster.workerHealthInside(i)).contains("\"state\":\"idle\"")) {
            assertThat(System.nanoTime())
                    .as("worker-%s idle within a minute: %s", i, health)
                    .isLessThan(deadline);
            Thread.sleep(250);
        }
        return health;
    }
}
