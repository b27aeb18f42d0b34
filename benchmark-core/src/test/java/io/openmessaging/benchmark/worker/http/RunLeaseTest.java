package io.openmessaging.benchmark.worker.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.ManualClock;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The lease of a run on simulated time: from when the owner sent its last request, not when it arrived. */
class RunLeaseTest {

    private static final long LEASE_NANOS = TimeUnit.SECONDS.toNanos(33);
    /** The owner's monotonic clock has its own origin. */
    private static final long OWNER_ORIGIN_NANOS = -5_000_000_000L;

    private final ManualClock clock = new ManualClock();
    private long ownerNanos = OWNER_ORIGIN_NANOS;

    private void advanceBoth(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
        ownerNanos += TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** The owner renews every second for {@code seconds}, each request delivered at once. */
    private void renewEverySecond(RunLease lease, int seconds) {
        for (int i = 0; i < seconds; i++) {
            advanceBoth(1_000);
            lease.started(ownerNanos).ended();
        }
    }

    @Test
    void renewalsDeliveredAtOnceKeepTheRunAndItsEndFollowsTheLastOneByTheLease() {
        RunLease lease = new RunLease(clock, LEASE_NANOS);
        lease.started(ownerNanos).ended();
        renewEverySecond(lease, 100);
        clock.advance(33, TimeUnit.SECONDS);
        assertThat(lease.expiry()).isNull();
        clock.advance(100, TimeUnit.MILLISECONDS);
        assertThat(lease.expiry()).isEqualTo("no request from its coordinator for 33.1 s (lease 33.0 s)");
    }

    @Test
    void aRenewalSentBeforeTheCutAndDeliveredThirteenSecondsLateRenewsOnlyFromWhenItWasSent() {
        RunLease lease = new RunLease(clock, LEASE_NANOS);
        lease.started(ownerNanos).ended();
        renewEverySecond(lease, 15);
        long writtenBeforeTheCut = ownerNanos + TimeUnit.MILLISECONDS.toNanos(400);

        clock.advance(13, TimeUnit.SECONDS); // the cut; the coordinator dies; its kernel retransmits later
        RunLease.Call late = lease.started(writtenBeforeTheCut);
        assertThat(late.latenessNanos()).isBetween(TimeUnit.MILLISECONDS.toNanos(12_590), TimeUnit.SECONDS.toNanos(13));
        late.ended();

        clock.advance(20_500, TimeUnit.MILLISECONDS); // 33.1 s after the last fresh renewal, 20.5 s after the late one
        assertThat(lease.expiry())
                .isEqualTo("no request from its coordinator for 33.1 s (lease 33.0 s); the latest request, 20.5 s"
                        + " ago, arrived 12.6 s after it was sent and renewed it only from then");
    }

    @Test
    void theClocksMayDriftAHundredPartsPerMillionWithoutARequestCountingAsLate() {
        RunLease lease = new RunLease(clock, LEASE_NANOS);
        lease.started(ownerNanos).ended();
        // an hour in which the worker's clock runs 90 ppm faster than the owner's
        for (int i = 0; i < 3_600; i++) {
            clock.advance(1_000_090, TimeUnit.MICROSECONDS);
            ownerNanos += TimeUnit.SECONDS.toNanos(1);
            assertThat(lease.started(ownerNanos).latenessNanos()).isZero();
        }
    }

    @Test
    void aRequestBeingWorkedOnHoldsTheRunAndTheLeaseRunsFromItsEnd() {
        RunLease lease = new RunLease(clock, LEASE_NANOS);
        RunLease.Call loadingTheDriver = lease.started(ownerNanos);
        clock.advance(60, TimeUnit.SECONDS);
        assertThat(lease.expiry())
                .as("a driver that loads for longer than the lease")
                .isNull();
        loadingTheDriver.ended();
        clock.advance(33, TimeUnit.SECONDS);
        assertThat(lease.expiry()).isNull();
        clock.advance(1, TimeUnit.SECONDS);
        assertThat(lease.expiry()).startsWith("no request from its coordinator for 34.0 s");
    }

    @Test
    void aRequestWithoutAStampCountsWhenItArrives() {
        RunLease lease = new RunLease(clock, LEASE_NANOS);
        lease.started(ownerNanos).ended();
        clock.advance(30, TimeUnit.SECONDS);
        lease.started(null).ended();
        clock.advance(30, TimeUnit.SECONDS);
        assertThat(lease.expiry()).isNull();
    }
}
