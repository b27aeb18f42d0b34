package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.SendCallback;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import org.junit.jupiter.api.Test;

class SendCompletionsTest {

    private final List<String> reports = new ArrayList<>();
    private final SendCallback callback = (intended, sent, producerId, sequenceNumber, error) ->
            reports.add(intended + "/" + sent + "/" + producerId + (error == null ? "" : " " + error.getMessage()));
    private final SendCompletions completions = new SendCompletions();

    @Test
    void aCompletionReportsItsSendOnceAndIsThenReused() {
        SendCompletions.Completion first = completions.acquire(1, 2, 3, 0, callback);
        first.onCompletion(null, null);
        first.onCompletion(null, new RuntimeException("late second call"));
        assertThat(reports).containsExactly("1/2/3");

        Map<SendCompletions.Completion, Boolean> distinct = new IdentityHashMap<>();
        for (int i = 0; i < 10 * SendCompletions.INITIAL_SLOTS; i++) {
            SendCompletions.Completion completion = completions.acquire(i, i, 0, 0, callback);
            distinct.put(completion, true);
            completion.onCompletion(null, null);
        }
        assertThat(distinct).hasSize(SendCompletions.INITIAL_SLOTS);
        assertThat(completions.pooledSlots()).isEqualTo(SendCompletions.INITIAL_SLOTS);
    }

    @Test
    void theRingGrowsWhileMoreSendsAreInFlightAndSkipsStragglers() {
        List<SendCompletions.Completion> inFlight = new ArrayList<>();
        for (int i = 0; i < SendCompletions.INITIAL_SLOTS + 1; i++) {
            inFlight.add(completions.acquire(i, 0, 0, 0, callback));
        }
        assertThat(completions.pooledSlots()).isEqualTo(2 * SendCompletions.INITIAL_SLOTS);
        SendCompletions.Completion straggler = inFlight.get(0);
        for (SendCompletions.Completion completion : inFlight.subList(1, inFlight.size())) {
            completion.onCompletion(null, null);
        }
        for (int i = 0; i < 5 * SendCompletions.INITIAL_SLOTS; i++) {
            SendCompletions.Completion completion = completions.acquire(1000 + i, 0, 0, 0, callback);
            assertThat(completion).isNotSameAs(straggler);
            completion.onCompletion(null, null);
        }
        straggler.onCompletion(null, new RuntimeException("timed out"));
        assertThat(reports)
                .contains("0/0/0 timed out")
                .hasSize(1 + SendCompletions.INITIAL_SLOTS + 5 * SendCompletions.INITIAL_SLOTS);
        assertThat(completions.pooledSlots()).isEqualTo(2 * SendCompletions.INITIAL_SLOTS);
    }

    @Test
    void pastThePoolsBoundEachSendGetsACompletionOfItsOwn() {
        List<SendCompletions.Completion> inFlight = new ArrayList<>();
        for (int i = 0; i < SendCompletions.MAX_POOLED + 10; i++) {
            inFlight.add(completions.acquire(i, 0, 0, 0, callback));
        }
        assertThat(completions.pooledSlots()).isEqualTo(SendCompletions.MAX_POOLED);
        Map<SendCompletions.Completion, Boolean> distinct = new IdentityHashMap<>();
        inFlight.forEach(completion -> distinct.put(completion, true));
        assertThat(distinct).hasSize(SendCompletions.MAX_POOLED + 10);
        for (int i = inFlight.size() - 1; i >= 0; i--) {
            inFlight.get(i).onCompletion(null, null);
        }
        assertThat(reports)
                .hasSize(SendCompletions.MAX_POOLED + 10)
                .startsWith((SendCompletions.MAX_POOLED + 9) + "/0/0");
    }

    @Test
    void aReusedSlotReportsTheLatestSendsStampProducerAndCallback() {
        SendCompletions.Completion first = completions.acquire(1, 2, 3, 0, callback);
        first.onCompletion(null, null);
        List<String> otherReports = new ArrayList<>();
        SendCallback other = (intended, sent, producerId, sequenceNumber, error) ->
                otherReports.add(intended + "/" + sent + "/" + producerId);
        SendCompletions.Completion reused = null;
        for (int i = 0; i < SendCompletions.INITIAL_SLOTS && reused != first; i++) {
            reused = completions.acquire(100 + i, 200 + i, 9, 0, other);
            if (reused != first) {
                reused.onCompletion(null, null);
            }
        }
        assertThat(reused).isSameAs(first);
        otherReports.clear();
        first.onCompletion(null, null);
        assertThat(otherReports)
                .containsExactly((100 + SendCompletions.INITIAL_SLOTS - 1) + "/"
                        + (200 + SendCompletions.INITIAL_SLOTS - 1) + "/9");
        assertThat(reports).containsExactly("1/2/3");
    }

    @Test
    void sendsReportedOnAnotherThreadEachReportOnceWithTheirOwnStamp() throws Exception {
        int sends = 200_000;
        long[] sentOf = new long[sends];
        int[] timesReported = new int[sends];
        SendCallback record = (intended, sent, producerId, sequenceNumber, error) -> {
            sentOf[(int) intended] = sent;
            timesReported[(int) intended]++;
        };
        ArrayBlockingQueue<SendCompletions.Completion> handedToClient = new ArrayBlockingQueue<>(512);
        Thread ioThread = new Thread(() -> {
            try {
                for (int i = 0; i < sends; i++) {
                    handedToClient.take().onCompletion(null, null);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ioThread.start();
        for (int i = 0; i < sends; i++) {
            handedToClient.put(completions.acquire(i, 3L * i + 1, 5, 0, record));
        }
        ioThread.join(60_000);
        assertThat(ioThread.isAlive()).isFalse();
        for (int i = 0; i < sends; i++) {
            assertThat(timesReported[i]).as("reports of send %d", i).isEqualTo(1);
            assertThat(sentOf[i]).as("sent time of send %d", i).isEqualTo(3L * i + 1);
        }
        assertThat(completions.pooledSlots()).isLessThanOrEqualTo(SendCompletions.MAX_POOLED);
    }
}
