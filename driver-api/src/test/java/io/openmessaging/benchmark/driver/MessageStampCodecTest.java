package io.openmessaging.benchmark.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageStampCodecTest {

    /** One delivery: the stamp's fields ({@code null} when unstamped), the partition and the payload size. */
    private record Delivery(MessageStamp stamp, int partition, int payloadSizeBytes) {

        static Delivery unstamped(int payloadSizeBytes) {
            return new Delivery(null, -1, payloadSizeBytes);
        }
    }

    private final List<Delivery> delivered = new ArrayList<>();
    private final ConsumerCallback callback = new ConsumerCallback() {
        @Override
        public void messageReceived(
                long intendedSendEpochNanos,
                long sentEpochNanos,
                int producerId,
                long sequence,
                int partition,
                int payloadSizeBytes) {
            delivered.add(new Delivery(
                    new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId, sequence),
                    partition,
                    payloadSizeBytes));
        }

        @Override
        public void unstampedMessageReceived(int payloadSizeBytes) {
            delivered.add(Delivery.unstamped(payloadSizeBytes));
        }
    };

    @Test
    void binaryRoundTripKeepsEveryFieldIncludingExtremes() {
        MessageStamp stamp = new MessageStamp(Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE, Long.MAX_VALUE);
        byte[] bytes = MessageStampCodec.encode(
                stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), stamp.producerId(), stamp.sequence());
        assertThat(bytes).hasSize(MessageStampCodec.ENCODED_SIZE_BYTES);

        assertThat(MessageStampCodec.deliver(bytes, 7, 100, callback)).isNull();
        assertThat(delivered).containsExactly(new Delivery(stamp, 7, 100));
    }

    @Test
    void binaryLayoutIsBigEndianAfterVersionByte() {
        byte[] bytes = MessageStampCodec.encode(0x0102030405060708L, 9L, 0x0A0B0C0D, 0x1112131415161718L);
        assertThat(bytes)
                .containsExactly(
                        2, 0x0A, 0x0B, 0x0C, 0x0D, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 1, 2, 3, 4, 5, 6, 7,
                        8, 0, 0, 0, 0, 0, 0, 0, 9);
    }

    @Test
    void encodeIntoOverwritesAnArrayWithTheSameBytesAsEncode() {
        byte[] reused = MessageStampCodec.encode(1, 2, 3, 4);
        MessageStampCodec.encodeInto(reused, 0x0102030405060708L, 9L, 0x0A0B0C0D, 77L);
        assertThat(reused).containsExactly(MessageStampCodec.encode(0x0102030405060708L, 9L, 0x0A0B0C0D, 77L));
    }

    @Test
    void encodeIntoRefusesAnArrayOfAnotherSize() {
        assertThatThrownBy(() -> MessageStampCodec.encodeInto(new byte[20], 1, 2, 3, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a stamp takes 29 bytes, the array has 20");
    }

    @Test
    void textRoundTripKeepsEveryFieldIncludingExtremes() {
        MessageStamp stamp = new MessageStamp(1_700_000_000_123_456_789L, 1_700_000_000_123_999_000L, 42, 5L);
        String text = MessageStampCodec.encodeToString(stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), 42, 5L);
        assertThat(text).isEqualTo("v2:42:5:1700000000123456789:1700000000123999000");
        MessageStamp extreme =
                new MessageStamp(Long.MIN_VALUE, Long.MAX_VALUE, MessageStamp.PROBE_PRODUCER_ID, Long.MAX_VALUE);

        assertThat(MessageStampCodec.deliver(text, 3, 7, callback)).isNull();
        assertThat(MessageStampCodec.deliver(
                        MessageStampCodec.encodeToString(Long.MIN_VALUE, Long.MAX_VALUE, -1, Long.MAX_VALUE),
                        0,
                        0,
                        callback))
                .isNull();
        assertThat(delivered).containsExactly(new Delivery(stamp, 3, 7), new Delivery(extreme, 0, 0));
    }

    @Test
    void nullIsAMessageWithoutAStamp() {
        assertThat(MessageStampCodec.deliver((byte[]) null, 0, 5, callback)).isNull();
        assertThat(MessageStampCodec.deliver((String) null, 0, 6, callback)).isNull();
        assertThat(delivered).containsExactly(Delivery.unstamped(5), Delivery.unstamped(6));
    }

    @Test
    void foreignValuesAreDeliveredUnstampedAndTheReasonIsReturned() {
        assertThat(MessageStampCodec.deliver(new byte[] {9, 1, 2}, 0, 1, callback))
                .contains("expected 29 bytes")
                .contains("got 3 bytes starting with version 9");
        assertThat(MessageStampCodec.deliver("v1:1:2:3", 0, 2, callback)).isEqualTo("not a message stamp: 'v1:1:2:3'");
        assertThat(MessageStampCodec.deliver("v2:x:1:2:3", 0, 3, callback)).isNotNull();
        assertThat(MessageStampCodec.deliver("v2:1:2:3:4:5", 0, 4, callback)).isNotNull();
        assertThat(MessageStampCodec.deliver("v2:1:2:3", 0, 5, callback)).isNotNull();
        assertThat(MessageStampCodec.deliver("v2:", 0, 6, callback)).isNotNull();
        assertThat(delivered).extracting(Delivery::stamp).containsOnlyNulls().hasSize(6);
    }

    @Test
    void aVersionOneStampWithoutSequenceIsNotAStampOfThisFormat() {
        byte[] versionOne = new byte[21];
        versionOne[0] = 1;
        assertThat(MessageStampCodec.deliver(versionOne, 0, 1, callback)).contains("expected 29 bytes");
        assertThat(delivered).containsExactly(Delivery.unstamped(1));
    }

    @Test
    void probeStampsAreRecognised() {
        assertThat(new MessageStamp(1, 2, MessageStamp.PROBE_PRODUCER_ID, 0).isProbe())
                .isTrue();
        assertThat(new MessageStamp(1, 2, 0, 0).isProbe()).isFalse();
    }

    @Test
    void valueStampIsTheMarkerThenTheStampOverTheStartOfThePayloadWhichKeepsItsLength() {
        byte[] value = new byte[36];
        java.util.Arrays.fill(value, (byte) 0x55);
        MessageStampCodec.encodeIntoValue(value, 0x0102030405060708L, 9L, 0x0A0B0C0D, 0x1112131415161718L);
        assertThat(value)
                .containsExactly(
                        'o', 'm', 'b', 2, 0x0A, 0x0B, 0x0C, 0x0D, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 1, 2,
                        3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 9, 0x55, 0x55, 0x55, 0x55);
        assertThat(MessageStampCodec.hasValueStamp(value)).isTrue();
        assertThat(MessageStampCodec.deliverFromValue(value, 4, callback)).isTrue();
        assertThat(delivered)
                .containsExactly(new Delivery(
                        new MessageStamp(0x0102030405060708L, 9L, 0x0A0B0C0D, 0x1112131415161718L), 4, 36));
    }

    @Test
    void valueStampRoundTripKeepsExtremesAndOverwritesAnEarlierStamp() {
        byte[] value = new byte[MessageStampCodec.VALUE_PREFIX_SIZE_BYTES];
        MessageStampCodec.encodeIntoValue(value, 1, 2, 3, 4);
        MessageStampCodec.encodeIntoValue(value, Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE, Long.MIN_VALUE);
        MessageStampCodec.deliverFromValue(value, 0, callback);
        assertThat(delivered)
                .containsExactly(new Delivery(
                        new MessageStamp(Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE, Long.MIN_VALUE),
                        0,
                        MessageStampCodec.VALUE_PREFIX_SIZE_BYTES));
    }

    @Test
    void valuesWithoutTheMarkerOrTooShortHaveNoValueStamp() {
        byte[] stamped = new byte[40];
        MessageStampCodec.encodeIntoValue(stamped, 1, 2, 3, 4);
        assertThat(MessageStampCodec.hasValueStamp(null)).isFalse();
        assertThat(MessageStampCodec.hasValueStamp(new byte[40])).isFalse();
        assertThat(MessageStampCodec.hasValueStamp(java.util.Arrays.copyOf(stamped, 31)))
                .isFalse();
        for (int marker = 0; marker < 4; marker++) {
            byte[] broken = stamped.clone();
            broken[marker] ^= 0x20;
            assertThat(MessageStampCodec.hasValueStamp(broken))
                    .as("byte %d changed", marker)
                    .isFalse();
        }
        assertThat(MessageStampCodec.deliverFromValue(new byte[40], 0, callback))
                .isFalse();
        assertThat(MessageStampCodec.deliverFromValue(null, 0, callback)).isFalse();
        for (int marker = 0; marker < 4; marker++) {
            byte[] broken = stamped.clone();
            broken[marker] ^= 0x20;
            assertThat(MessageStampCodec.deliverFromValue(broken, 0, callback))
                    .as("byte %d changed", marker)
                    .isFalse();
        }
        assertThat(delivered).as("nothing handed over without a stamp").isEmpty();
    }

    @Test
    void encodeIntoValueRefusesAValueTooShortForTheStamp() {
        assertThatThrownBy(() -> MessageStampCodec.encodeIntoValue(new byte[31], 1, 2, 3, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a stamp at the start of a value takes 32 bytes, the value has 31");
    }
}
