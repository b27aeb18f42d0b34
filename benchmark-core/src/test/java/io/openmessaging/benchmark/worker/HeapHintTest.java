package io.openmessaging.benchmark.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class HeapHintTest {

    @Test
    void aFailureThatRanOutOfHeapSaysHowLargeTheHeapWasAndHowToGiveMore() {
        assertThat(HeapHint.of(new OutOfMemoryError("Java heap space"), 640L << 20))
                .isEqualTo(" (this JVM's heap is at most 640 MiB; give it more with HEAP_OPTS, e.g."
                        + " HEAP_OPTS=\"-Xms1g -Xmx4g\")");
    }

    @Test
    void anOutOfMemoryErrorAsACauseCountsToo() {
        Throwable wrapped = new ExecutionException(new IllegalStateException(new OutOfMemoryError("Java heap space")));

        assertThat(HeapHint.of(wrapped, 1L << 30)).contains("at most 1,024 MiB").contains("HEAP_OPTS");
    }

    @Test
    void otherFailuresGetNoHint() {
        assertThat(HeapHint.of(new IllegalStateException("broken"), 640L << 20)).isEmpty();
        assertThat(HeapHint.of(null, 640L << 20)).isEmpty();
    }

    @Test
    void aChainOfCausesThatLoopsEndsWithoutAHint() {
        IllegalStateException first = new IllegalStateException("first");
        IllegalStateException second = new IllegalStateException("second", first);
        first.initCause(second);

        assertThat(HeapHint.of(first, 640L << 20)).isEmpty();
    }

    @Test
    void aConsumerThatRanOutOfHeapEndsTheRunWithTheHint() {
        ClientFailure failure =
                new ClientFailure("the consumer of t / s stopped", new OutOfMemoryError("Java heap space"));

        assertThat(failure.getMessage())
                .startsWith(
                        "the consumer of t / s stopped: OutOfMemoryError: Java heap space (this JVM's heap is at most ")
                .endsWith("HEAP_OPTS=\"-Xms1g -Xmx4g\")");
    }
}
