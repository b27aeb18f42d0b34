package io.openmessaging.benchmark.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MessageStampCodecTest {

    @Test
    void binaryRoundTripKeepsEveryFieldIncludingExtremes() {
        MessageStamp stamp = new MessageStamp(Long.MAX_VALUE - 3, -17L, Integer.MIN_VALUE);
        byte[] bytes =
                MessageStampCodec.encode(stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), stamp.producerId());
        assertThat(bytes).hasSize(MessageStampCodec.ENCODED_SIZE_BYTES);
        assertThat(MessageStampCodec.decode(bytes)).isEqualTo(stamp);
    }

    @Test
    void binaryLayoutIsBigEndianAfterVersionByte() {
        byte[] bytes = MessageStampCodec.encode(0x0102030405060708L, 9L, 0x0A0B0C0D);
        assertThat(bytes).containsExactly(1, 0x0A, 0x0B, 0x0C, 0x0D, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 9);
    }

    @Test
    void textRoundTrip() {
        MessageStamp stamp = new MessageStamp(1_700_000_000_123_456_789L, 1_700_000_000_123_999_000L, 42);
        String text = MessageStampCodec.encodeToString(stamp.intendedSendEpochNanos(), stamp.sentEpochNanos(), 42);
        assertThat(text).isEqualTo("v1:42:1700000000123456789:1700000000123999000");
        assertThat(MessageStampCodec.decodeString(text)).isEqualTo(stamp);
    }

    @Test
    void nullMeansNoStamp() {
        assertThat(MessageStampCodec.decode(null)).isNull();
        assertThat(MessageStampCodec.decodeString(null)).isNull();
    }

    @Test
    void foreignBytesAreRejectedWithTheReason() {
        assertThatThrownBy(() -> MessageStampCodec.decode(new byte[] {9, 1, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected 21 bytes")
                .hasMessageContaining("got 3 bytes");
        assertThatThrownBy(() -> MessageStampCodec.decodeString("v2:1:2:3"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MessageStampCodec.decodeString("v1:x:2:3"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void probeStampsAreRecognised() {
        assertThat(new MessageStamp(1, 2, MessageStamp.PROBE_PRODUCER_ID).isProbe())
                .isTrue();
        assertThat(new MessageStamp(1, 2, 0).isProbe()).isFalse();
    }
}
