package io.openmessaging.benchmark.driver.kafka;

/** Where a Kafka producer of this driver puts each message's stamp (the driver file's {@code stampIn}). */
public enum StampPlacement {
    /**
     * Over the first bytes of the record value ({@link
     * io.openmessaging.benchmark.driver.MessageStampCodec#encodeIntoValue}), written into the producer's own copy of
     * the payload: no header, nothing allocated per message.
     */
    VALUE,
    /** In the record header {@value io.openmessaging.benchmark.driver.MessageStampCodec#HEADER_NAME}. */
    HEADER;

    /** The driver file's word for it: {@code value} or {@code header}. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
