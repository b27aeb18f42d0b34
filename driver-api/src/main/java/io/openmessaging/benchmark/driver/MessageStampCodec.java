package io.openmessaging.benchmark.driver;

/**
 * The one wire format of {@link MessageStamp}, used by every driver for its header or property value.
 *
 * <p>Layout (big-endian, {@value #ENCODED_SIZE_BYTES} bytes): format version (1 byte, currently
 * {@value #FORMAT_VERSION}), producer id (int), intended send epoch nanos (long), sent epoch nanos
 * (long). Drivers whose properties are strings use {@link #encodeToString}/{@link #decodeString}, the
 * same fields as decimal text. Stateless and thread-safe.
 */
public final class MessageStampCodec {

    /** Header / property name drivers use for the stamp. */
    public static final String HEADER_NAME = "omb-stamp";

    public static final byte FORMAT_VERSION = 1;
    public static final int ENCODED_SIZE_BYTES = 1 + 4 + 8 + 8;

    private MessageStampCodec() {}

    /** Encodes the stamp's fields into a new array of {@link #ENCODED_SIZE_BYTES} bytes. */
    public static byte[] encode(long intendedSendEpochNanos, long sentEpochNanos, int producerId) {
        byte[] out = new byte[ENCODED_SIZE_BYTES];
        out[0] = FORMAT_VERSION;
        putInt(out, 1, producerId);
        putLong(out, 5, intendedSendEpochNanos);
        putLong(out, 13, sentEpochNanos);
        return out;
    }

    /**
     * Decodes what {@link #encode} wrote.
     *
     * @return the stamp, or {@code null} when {@code bytes} is null
     * @throws IllegalArgumentException when the bytes are not a stamp of a known version
     */
    public static MessageStamp decode(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        if (bytes.length != ENCODED_SIZE_BYTES || bytes[0] != FORMAT_VERSION) {
            throw new IllegalArgumentException(
                    "not a message stamp: expected " + ENCODED_SIZE_BYTES + " bytes of format version "
                            + FORMAT_VERSION + ", got " + bytes.length + " bytes"
                            + (bytes.length > 0 ? " starting with version " + bytes[0] : ""));
        }
        return new MessageStamp(getLong(bytes, 5), getLong(bytes, 13), getInt(bytes, 1));
    }

    /** The stamp's fields as text: {@code v1:<producerId>:<intendedSendEpochNanos>:<sentEpochNanos>}. */
    public static String encodeToString(long intendedSendEpochNanos, long sentEpochNanos, int producerId) {
        return "v" + FORMAT_VERSION + ":" + producerId + ":" + intendedSendEpochNanos + ":" + sentEpochNanos;
    }

    /**
     * Decodes what {@link #encodeToString} wrote.
     *
     * @return the stamp, or {@code null} when {@code text} is null
     * @throws IllegalArgumentException when the text is not a stamp of a known version
     */
    public static MessageStamp decodeString(String text) {
        if (text == null) {
            return null;
        }
        String[] parts = text.split(":");
        if (parts.length != 4 || !parts[0].equals("v" + FORMAT_VERSION)) {
            throw new IllegalArgumentException("not a message stamp: '" + text + "'");
        }
        try {
            return new MessageStamp(Long.parseLong(parts[2]), Long.parseLong(parts[3]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a message stamp: '" + text + "'", e);
        }
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 3; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    private static int getInt(byte[] b, int at) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            v = (v << 8) | (b[at + i] & 0xff);
        }
        return v;
    }

    private static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[at + i] & 0xff);
        }
        return v;
    }
}
