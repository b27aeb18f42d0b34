package io.openmessaging.benchmark.loopback;

import io.openmessaging.benchmark.driver.MessageStamp;

/**
 * A FIFO of messages waiting in memory for one partition of one subscription, while its consumer is
 * paused. Two parallel ring arrays (stamp reference and payload size), so a held message costs about
 * 8 bytes here plus its stamp object. Not thread-safe: guarded by the subscription's lock.
 */
final class HeldMessages {

    private static final int INITIAL_CAPACITY = 16;
    /** An emptied queue larger than this gives its arrays back. */
    private static final int RETAINED_CAPACITY = 1024;

    private MessageStamp[] stamps = new MessageStamp[INITIAL_CAPACITY];
    private int[] payloadSizes = new int[INITIAL_CAPACITY];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(MessageStamp stamp, int payloadSizeBytes) {
        if (size == stamps.length) {
            grow();
        }
        int tail = (head + size) & (stamps.length - 1);
        stamps[tail] = stamp;
        payloadSizes[tail] = payloadSizeBytes;
        size++;
    }

    MessageStamp firstStamp() {
        return stamps[head];
    }

    int firstPayloadSizeBytes() {
        return payloadSizes[head];
    }

    void removeFirst() {
        stamps[head] = null;
        head = (head + 1) & (stamps.length - 1);
        size--;
        if (size == 0) {
            head = 0;
            if (stamps.length > RETAINED_CAPACITY) {
                stamps = new MessageStamp[INITIAL_CAPACITY];
                payloadSizes = new int[INITIAL_CAPACITY];
            }
        }
    }

    /** Drops everything; returns how many messages were dropped. */
    int clear() {
        int dropped = size;
        stamps = new MessageStamp[INITIAL_CAPACITY];
        payloadSizes = new int[INITIAL_CAPACITY];
        head = 0;
        size = 0;
        return dropped;
    }

    private void grow() {
        int capacity = stamps.length;
        MessageStamp[] newStamps = new MessageStamp[capacity * 2];
        int[] newSizes = new int[capacity * 2];
        int firstPart = capacity - head;
        System.arraycopy(stamps, head, newStamps, 0, firstPart);
        System.arraycopy(stamps, 0, newStamps, firstPart, head);
        System.arraycopy(payloadSizes, head, newSizes, 0, firstPart);
        System.arraycopy(payloadSizes, 0, newSizes, firstPart, head);
        stamps = newStamps;
        payloadSizes = newSizes;
        head = 0;
    }
}
