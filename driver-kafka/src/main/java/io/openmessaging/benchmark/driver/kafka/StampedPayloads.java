package io.openmessaging.benchmark.driver.kafka;

/**
 * A producer's own copies of the payloads it sends, to write each message's stamp into (the payloads the
 * framework hands over are shared and must not change). The copy of the payload sent last is kept, so a
 * workload with one payload copies it once; when the payload changes (workloads with several payloads),
 * the new one is copied into a kept buffer of its length (a few lengths are kept), so nothing is
 * allocated after each length was seen once. Producer thread only.
 */
final class StampedPayloads {

    static final int KEPT_LENGTHS = 4;

    private final byte[][] buffers = new byte[KEPT_LENGTHS][];
    private int nextEvicted;
    private byte[] lastSource;
    private byte[] lastCopy;

    /**
     * This producer's copy of {@code payload}, equal to it except where earlier stamps were written (the
     * first bytes, which the caller overwrites with this message's stamp). Valid until the next call.
     */
    byte[] copyOf(byte[] payload) {
        if (payload == lastSource) {
            return lastCopy;
        }
        byte[] copy = bufferOfLength(payload.length);
        System.arraycopy(payload, 0, copy, 0, payload.length);
        lastSource = payload;
        lastCopy = copy;
        return copy;
    }

    private byte[] bufferOfLength(int length) {
        for (byte[] buffer : buffers) {
            if (buffer != null && buffer.length == length) {
                return buffer;
            }
        }
        byte[] buffer = new byte[length];
        buffers[nextEvicted] = buffer;
        nextEvicted = (nextEvicted + 1) % KEPT_LENGTHS;
        return buffer;
    }
}
