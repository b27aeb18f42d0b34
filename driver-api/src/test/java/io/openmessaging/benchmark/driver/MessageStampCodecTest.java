package io.openmessaging.benchmark.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageStampCodecTest {

    /** One delivery: the stamp's fields ({@code null} when unstamped) and the payload size. */
    private record Delivery(MessageStamp stamp, int payloadSizeBytes) {}

    private final List<Delivery> delivered = new ArrayList<>();
    private final ConsumerCallback callback = new ConsumerCallback() {
        @Override
        public void messageReceived(
                long intendedSendEpochNanos, long sentEpochNanos, int producerId, int payloadSizeBytes) {
            delivered.add(new Delivery(
                    new MessageStamp(intendedSendEpochNanos, sentEpochNanos, producerId), payloadSizeBytes));
        }

        @Override
        public void unstampedMessageReceived(int payloadSizeBytes) {
            delivered.add(new Delivery(null, payloadSizeBytes));
        }
    };

    @Test
    void binaryRoundTripKeepsEveryFieldIncludingExtremes() {
        MessageStamp stamp = new MessageStamp(Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE);
        byte[] bytes =
                MessageStampCodec.encode(stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), stamp.producerId());
        assertThat(bytes).hasSize(MessageStampCodec.ENCODED_SIZE_BYTES);

        assertThat(MessageStampCodec.deliver(bytes, 100, callback)).isNull();
        assertThat(delivered).containsExactly(new Delivery(stamp, 100));
    }

    @Test
    void binaryLayoutIsBigEndianAfterVersionByte() {
        byte[] bytes = MessageStampCodec.encode(0x0102030405060708L, 9L, 0x0A0B0C0D);
        assertThat(bytes).containsExactly(1, 0x0A, 0x0B, 0x0C, 0x0D, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 9);
    }

    @Test
    void encodeIntoOverwritesAnArrayWithTheSameBytesAsEncode() {
        byte[] reused = MessageStampCodec.encode(1, 2, 3);
        MessageStampCodec.encodeInto(reused, 0x0102030405060708L, 9L, 0x0A0B0C0D);
        assertThat(reused).containsExactly(MessageStampCodec.encode(0x0102030405060708L, 9L, 0x0A0B0C0D));
    }

    @Test
    void encodeIntoRefusesAnArrayOfAnotherSize() {
        assertThatThrownBy(() -> MessageStampCodec.encodeInto(new byte[20], 1, 2, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a stamp takes 21 bytes, the array has 20");
    }

    @Test
    void textRoundTripKeepsEveryFieldIncludingExtremes() {
        MessageStamp stamp = new MessageStamp(1_700_000_000_123_456_789L, 1_700_000_000_123_999_000L, 42);
        String text = MessageStampCodec.encodeToString(stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), 42);
        assertThat(text).isEqualTo("v1:42:1700000000123456789:1700000000123999000");
        MessageStamp extreme = new MessageStamp(Long.MIN_VALUE, Long.MAX_VALUE, MessageStamp.PROBE_PRODUCER_ID);

        assertThat(MessageStampCodec.deliver(text, 7, callback)).isNull();
        assertThat(MessageStampCodec.deliver(
                        MessageStampCodec.encodeToString(Long.MIN_VALUE, Long.MAX_VALUE, -1), 0, callback))
                .isNull();
        assertThat(delivered).containsExactly(new Delivery(stamp, 7), new Delivery(extreme, 0));
    }

    @Test
    void nullIsAMessageWithoutAStamp() {
        assertThat(MessageStampCodec.deliver((byte[]) null, 5, callback)).isNull();
        assertThat(MessageStampCodec.deliver((String) null, 6, callback)).isNull();
        assertThat(delivered).containsExactly(new Delivery(null, 5), new Delivery(null, 6));
    }

    @Test
    void foreignValuesAreDeliveredUnstampedAndTheReasonIsReturned() {
        assertThat(MessageStampCodec.deliver(new byte[] {9, 1, 2}, 1, callback))
                .contains("expected 21 bytes")
                .contains("got 3 bytes starting with version 9");
        assertThat(MessageStampCodec.deliver("v2:1:2:3", 2, callback)).isEqualTo("not a message stamp: 'v2:1:2:3'");
        assertThat(MessageStampCodec.deliver("v1:x:2:3", 3, callback)).isNotNull();
        assertThat(MessageStampCodec.deliver("v1:1:2:3:4", 4, callback)).isNotNull();
        assertThat(MessageStampCodec.deliver("v1:1:2", 5, callback)).isNotNull();
        assertThat(MessageStampCodec.deliver("v1:", 6, callback)).isNotNull();
        assertThat(delivered).extracting(Delivery::stamp).containsOnlyNulls().hasSize(6);
    }

    @Test
    void probeStampsAreRecognised() {
        assertThat(new MessageStamp(1, 2, MessageStamp.PROBE_PRODUCER_ID).isProbe())
                .isTrue();
        assertThat(new MessageStamp(1, 2, 0).isProbe()).isFalse();
    }

    @Test
    void valueStampIsTheMarkerThenTheStampOverTheStartOfThePayloadWhichKeepsItsLength() {
        byte[] value = new byte[30];
        java.util.Arrays.fill(value, (byte) 0x55);
        MessageStampCodec.encodeIntoValue(value, 0x0102030405060708L, 9L, 0x0A0B0C0D);
        assertThat(value)
                .containsExactly(
                        'o', 'm', 'b', 1, 0x0A, 0x0B, 0x0C, 0x0D, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 9, 0x55,
                        0x55, 0x55, 0x55, 0x55, 0x55);
        assertThat(MessageStampCodec.hasValueStamp(value)).isTrue();
        assertThat(MessageStampCodec.deliverFromValue(value, callback)).isTrue();
        assertThat(delivered).containsExactly(new Delivery(new MessageStamp(0x0102030405060708L, 9L, 0x0A0B0C0D), 30));
    }

    @Test
    void valueStampRoundTripKeepsExtremesAndOverwritesAnEarlierStamp() {
        byte[] value = new byte[MessageStampCodec.VALUE_PREFIX_SIZE_BYTES];
        MessageStampCodec.encodeIntoValue(value, 1, 2, 3);
        MessageStampCodec.encodeIntoValue(value, Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE);
        MessageStampCodec.deliverFromValue(value, callback);
        assertThat(delivered)
                .containsExactly(new Delivery(
                        new MessageStamp(Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE),
                        MessageStampCodec.VALUE_PREFIX_SIZE_BYTES));
    }

    @Test
    void valuesWithoutTheMarkerOrTooShortHaveNoValueStamp() {
        byte[] stamped = new byte[40];
        MessageStampCodec.encodeIntoValue(stamped, 1, 2, 3);
        assertThat(MessageStampCodec.hasValueStamp(null)).isFalse();
        assertThat(MessageStampCodec.hasValueStamp(new byte[40])).isFalse();
        assertThat(MessageStampCodec.hasValueStamp(java.util.Arrays.copyOf(stamped, 23)))
                .isFalse();
        for (int marker = 0; marker < 4; marker++) {
            byte[] broken = stamped.clone();
            broken[marker] ^= 0x20;
            assertThat(MessageStampCodec.hasValueStamp(broken))
                    .as("byte %d changed", marker)
                    .isFalse();
        }
        assertThat(MessageStampCodec.deliverFromValue(new byte[40], callback)).isFalse();
        assertThat(MessageStampCodec.deliverFromValue(null, callback)).isFalse();
        for (int marker = 0; marker < 4; marker++) {
            byte[] broken = stamped.clone();
            broken[marker] ^= 0x20;
            assertThat(MessageStampCodec.deliverFromValue(broken, callback))
                    .as("byte %d changed", marker)
                    .isFalse();
        }
        assertThat(delivered).as("nothing handed over without a stamp").isEmpty();
    }

    @Test
    void encodeIntoValueRefusesAValueTooShortForTheStamp() {
        assertThatThrownBy(() -> MessageStampCodec.encodeIntoValue(new byte[23], 1, 2, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a stamp at the start of a value takes 24 bytes, the value has 23");
    }
}
