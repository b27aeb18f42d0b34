package io.openmessaging.benchmark.driver;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The one wire format of {@link MessageStamp}, used by every driver for its header or property value.
 *
 * <p>Layout (big-endian, {@value #ENCODED_SIZE_BYTES} bytes): format version (1 byte, currently
 * {@value #FORMAT_VERSION}), producer id (int), sequence (long: the message's number among its producer's),
 * intended send epoch nanos (long), sent epoch nanos (long). A stamp of another version (version 1 had no
 * sequence) is not a stamp of this run's messages and is delivered as unstamped. Drivers whose properties are strings use {@link #encodeToString}, the same fields as decimal
 * text. A receiving driver hands what it found to {@link #deliver}, which calls its {@link
 * ConsumerCallback} with the fields. Stateless and thread-safe.
 *
 * <p>A driver whose client copies the message value during its send call may carry the stamp in the
 * value's first {@value #VALUE_PREFIX_SIZE_BYTES} bytes instead of a header ({@link #encodeIntoValue}):
 * the marker bytes {@code o m b}, then the same {@value #ENCODED_SIZE_BYTES} bytes as {@link #encode}.
 * The value keeps its length (the stamp overwrites the start of the payload), so the broker carries
 * exactly the workload's message size and no header; the receiving side reads it in place ({@link
 * #hasValueStamp}, {@link #deliverFromValue}) without allocating.
 */
public final class MessageStampCodec {

    /** Header / property name drivers use for the stamp. */
    public static final String HEADER_NAME = "omb-stamp";

    public static final byte FORMAT_VERSION = 2;
    public static final int ENCODED_SIZE_BYTES = 1 + 4 + 8 + 8 + 8;

    private static final int MARKER_SIZE_BYTES = 3;

    /** The bytes a stamp takes at the start of a value: the 3 marker bytes, then the stamp. */
    public static final int VALUE_PREFIX_SIZE_BYTES = MARKER_SIZE_BYTES + ENCODED_SIZE_BYTES;

    private static final byte MARKER_0 = 'o';
    private static final byte MARKER_1 = 'm';
    private static final byte MARKER_2 = 'b';

    /**
     * Big-endian views of a byte array at any offset: one compiled load or store (with a byte swap) per
     * field instead of one per byte.
     */
    private static final VarHandle INT_BIG_ENDIAN =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private static final VarHandle LONG_BIG_ENDIAN =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** How the text form begins: {@code v<version>:}. */
    private static final String TEXT_PREFIX = "v" + FORMAT_VERSION + ":";

    private MessageStampCodec() {}

    /** Encodes the stamp's fields into a new array of {@link #ENCODED_SIZE_BYTES} bytes. */
    public static byte[] encode(long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence) {
        byte[] out = new byte[ENCODED_SIZE_BYTES];
        encodeInto(out, intendedSendEpochNanos, sentEpochNanos, producerId, sequence);
        return out;
    }

    /**
     * Writes the stamp's fields over {@code out} (the same bytes {@link #encode} returns), for a driver
     * that keeps one stamp array per producer and whose client copies it during the send call.
     *
     * @throws IllegalArgumentException when {@code out} is not {@link #ENCODED_SIZE_BYTES} long
     */
    public static void encodeInto(
            byte[] out, long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence) {
        if (out.length != ENCODED_SIZE_BYTES) {
            throw new IllegalArgumentException(
                    "a stamp takes " + ENCODED_SIZE_BYTES + " bytes, the array has " + out.length);
        }
        writeStamp(out, 0, intendedSendEpochNanos, sentEpochNanos, producerId, sequence);
    }

    /**
     * Writes the marker and the stamp's fields over the first {@value #VALUE_PREFIX_SIZE_BYTES} bytes of
     * {@code value}, leaving the rest as it is: for a driver whose client copies the value during its send
     * call and that keeps its own copy of the payload to write into.
     *
     * @throws IllegalArgumentException when {@code value} is shorter than {@link #VALUE_PREFIX_SIZE_BYTES}
     */
    public static void encodeIntoValue(
            byte[] value, long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence) {
        if (value.length < VALUE_PREFIX_SIZE_BYTES) {
            throw new IllegalArgumentException("a stamp at the start of a value takes " + VALUE_PREFIX_SIZE_BYTES
                    + " bytes, the value has " + value.length);
        }
        value[0] = MARKER_0;
        value[1] = MARKER_1;
        value[2] = MARKER_2;
        writeStamp(value, MARKER_SIZE_BYTES, intendedSendEpochNanos, sentEpochNanos, producerId, sequence);
    }

    /** Whether {@code value} begins with a stamp written by {@link #encodeIntoValue}. */
    public static boolean hasValueStamp(byte[] value) {
        return value != null
                && value.length >= VALUE_PREFIX_SIZE_BYTES
                && value[0] == MARKER_0
                && value[1] == MARKER_1
                && value[2] == MARKER_2
                && value[MARKER_SIZE_BYTES] == FORMAT_VERSION;
    }

    /**
     * Hands a message whose value begins with a stamp ({@link #hasValueStamp} holds) to {@link
     * ConsumerCallback#messageReceived}, with the whole value's length as the payload size, and returns
     * {@code true}; returns {@code false} and hands over nothing when it does not begin with one (the
     * caller then looks for the stamp elsewhere, e.g. in a header). Checks the marker once and allocates
     * nothing.
     *
     * @param partition where the message arrived (see {@link ConsumerCallback#messageReceived})
     */
    public static boolean deliverFromValue(byte[] value, int partition, ConsumerCallback callback) {
        if (!hasValueStamp(value)) {
            return false;
        }
        readStamp(value, MARKER_SIZE_BYTES, partition, value.length, callback);
        return true;
    }

    /**
     * The stamp's fields as text: {@code v2:<producerId>:<sequence>:<intendedSendEpochNanos>:<sentEpochNanos>}.
     */
    public static String encodeToString(
            long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence) {
        return TEXT_PREFIX + producerId + ":" + sequence + ":" + intendedSendEpochNanos + ":" + sentEpochNanos;
    }

    /**
     * Hands one received message to {@code callback}: {@link ConsumerCallback#messageReceived} with the
     * fields of {@code stamp} (what {@link #encode} wrote), or {@link
     * ConsumerCallback#unstampedMessageReceived} when it is null or not a stamp. Allocates nothing for a
     * stamp: the one way every driver reads one.
     *
     * @param partition where the message arrived (see {@link ConsumerCallback#messageReceived})
     * @return {@code null}, or why {@code stamp} is not a stamp (the message was then delivered unstamped)
     */
    public static String deliver(byte[] stamp, int partition, int payloadSizeBytes, ConsumerCallback callback) {
        if (stamp == null) {
            callback.unstampedMessageReceived(payloadSizeBytes);
            return null;
        }
        if (stamp.length != ENCODED_SIZE_BYTES || stamp[0] != FORMAT_VERSION) {
            callback.unstampedMessageReceived(payloadSizeBytes);
            return "not a message stamp: expected " + ENCODED_SIZE_BYTES + " bytes of format version "
                    + FORMAT_VERSION + ", got " + stamp.length + " bytes"
                    + (stamp.length > 0 ? " starting with version " + stamp[0] : "");
        }
        readStamp(stamp, 0, partition, payloadSizeBytes, callback);
        return null;
    }

    /**
     * {@link #deliver(byte[], int, int, ConsumerCallback)} for the text form ({@link #encodeToString}), parsed
     * in place.
     */
    public static String deliver(CharSequence stamp, int partition, int payloadSizeBytes, ConsumerCallback callback) {
        if (stamp == null) {
            callback.unstampedMessageReceived(payloadSizeBytes);
            return null;
        }
        int producerEnd = indexOf(stamp, ':', TEXT_PREFIX.length());
        int sequenceEnd = producerEnd < 0 ? -1 : indexOf(stamp, ':', producerEnd + 1);
        int intendedEnd = sequenceEnd < 0 ? -1 : indexOf(stamp, ':', sequenceEnd + 1);
        boolean shaped = stamp.length() > TEXT_PREFIX.length()
                && startsWith(stamp, TEXT_PREFIX)
                && intendedEnd > 0
                && indexOf(stamp, ':', intendedEnd + 1) < 0;
        if (shaped) {
            try {
                int producerId = Integer.parseInt(stamp, TEXT_PREFIX.length(), producerEnd, 10);
                long sequence = Long.parseLong(stamp, producerEnd + 1, sequenceEnd, 10);
                long intended = Long.parseLong(stamp, sequenceEnd + 1, intendedEnd, 10);
                long sent = Long.parseLong(stamp, intendedEnd + 1, stamp.length(), 10);
                callback.messageReceived(intended, sent, producerId, sequence, partition, payloadSizeBytes);
                return null;
            } catch (NumberFormatException e) {
                // not a stamp: below
            }
        }
        callback.unstampedMessageReceived(payloadSizeBytes);
        return "not a message stamp: '" + stamp + "'";
    }

    /** Whether {@code text} begins with {@code prefix}, compared in place (no substring). */
    private static boolean startsWith(CharSequence text, String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (text.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(CharSequence text, char c, int from) {
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }

    /** The {@link #ENCODED_SIZE_BYTES} bytes of a stamp, written from {@code at}: the one layout of both forms. */
    private static void writeStamp(
            byte[] out, int at, long intendedSendEpochNanos, long sentEpochNanos, int producerId, long sequence) {
        out[at] = FORMAT_VERSION;
        INT_BIG_ENDIAN.set(out, at + 1, producerId);
        LONG_BIG_ENDIAN.set(out, at + 5, sequence);
        LONG_BIG_ENDIAN.set(out, at + 13, intendedSendEpochNanos);
        LONG_BIG_ENDIAN.set(out, at + 21, sentEpochNanos);
    }

    /** Hands the stamp written by {@link #writeStamp} at {@code at} to {@code callback}. */
    private static void readStamp(byte[] in, int at, int partition, int payloadSizeBytes, ConsumerCallback callback) {
        callback.messageReceived(
                (long) LONG_BIG_ENDIAN.get(in, at + 13),
                (long) LONG_BIG_ENDIAN.get(in, at + 21),
                (int) INT_BIG_ENDIAN.get(in, at + 1),
                (long) LONG_BIG_ENDIAN.get(in, at + 5),
                partition,
                payloadSizeBytes);
    }
}
