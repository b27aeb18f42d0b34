package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.SendCallback;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * The completion callbacks of one producer, reused: the client gets one {@link Completion} per send, and
 * a completion that has reported its send is free for a later one. So a producer allocates completions
 * only while more sends are in flight than it ever had before (up to {@value #MAX_POOLED} pooled; beyond
 * that, during a long outage, each further send gets a completion of its own).
 *
 * <p>The slots form a ring taken in order, so with acknowledgements arriving roughly in send order the
 * next slot is free; a slot still in flight is skipped (at most {@value #PROBES} looked at) and the ring
 * doubles when none of those is free.
 *
 * <p>Threading: {@link #acquire} on the one producer thread; a completion's callback on any thread,
 * exactly once per send (as Kafka's producer calls it, and the driver for a send that threw).
 */
final class SendCompletions {

    static final int INITIAL_SLOTS = 256;
    static final int MAX_POOLED = 1 << 16;
    static final int PROBES = 64;

    private Completion[] ring = new Completion[INITIAL_SLOTS];
    private int cursor;

    /** A completion armed with one send's stamp and callback. Producer thread only. */
    Completion acquire(
            long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence, SendCallback callback) {
        Completion free = takeFree();
        free.arm(intendedSendEpochNanos, sentEpochNanos, producerId, sequence, callback);
        return free;
    }

    /** Slots in the ring now (for tests). */
    int pooledSlots() {
        return ring.length;
    }

    private Completion takeFree() {
        while (true) {
            Completion[] slots = ring;
            int mask = slots.length - 1;
            int probes = Math.min(PROBES, slots.length);
            for (int i = 0; i < probes; i++) {
                int index = cursor;
                cursor = (index + 1) & mask;
                Completion slot = slots[index];
                if (slot == null) {
                    slot = new Completion();
                    slots[index] = slot;
                }
                if (slot.isFree()) {
                    return slot;
                }
            }
            if (slots.length >= MAX_POOLED) {
                return new Completion(); // past the pool's bound: this send's own, left to the garbage collector
            }
            cursor = slots.length; // the new half is empty
            ring = Arrays.copyOf(slots, slots.length * 2);
        }
    }

    /** Reports one send to the framework once, then is free for another send of the same producer. */
    static final class Completion implements Callback {
        private static final VarHandle STATE;

        static {
            try {
                STATE = MethodHandles.lookup().findVarHandle(Completion.class, "state", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private static final int FREE = 0;
        private static final int ARMED = 1;

        private long intendedSendEpochNanos;
        private long sentEpochNanos;
        private int producerId;
        private long sequence;
        private SendCallback callback;
        /**
         * {@link #FREE} or {@link #ARMED}; written last when arming (a release store, no fence), so a thread
         * that reads it ARMED sees the fields.
         */
        private volatile int state;

        boolean isFree() {
            return state == FREE;
        }

        void arm(
                long intendedSendEpochNanos,
                long sentEpochNanos,
                int producerId,
                long sequence,
                SendCallback callback) {
            this.intendedSendEpochNanos = intendedSendEpochNanos;
            this.sentEpochNanos = sentEpochNanos;
            this.producerId = producerId;
            this.sequence = sequence;
            this.callback = callback;
            STATE.setRelease(this, ARMED); // a release store suffices: the callback reads state first
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception exception) {
            if (state != ARMED) {
                return;
            }
            // copy before freeing: once free, the producer thread may arm this completion for another send
            long intended = intendedSendEpochNanos;
            long sent = sentEpochNanos;
            int producer = producerId;
            long number = sequence;
            SendCallback report = callback;
            if (STATE.compareAndSet(this, ARMED, FREE)) {
                report.sendCompleted(intended, sent, producer, number, exception);
            }
        }
    }
}
