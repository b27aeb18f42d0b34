package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PropertiesBlockTest {

    @Test
    void readsValuesAsJavaPropertiesDo() {
        PropertiesBlock block = PropertiesBlock.parse("a=1\nb: 2\nc 3\n# d=4\n! e=5\nf = x\\\n  y\n", 10);
        assertThat(block.values()).containsOnlyKeys("a", "b", "c", "f");
        assertThat(block.get("b")).isEqualTo("2");
        assertThat(block.get("c")).isEqualTo("3");
        assertThat(block.get("f")).isEqualTo("xy");
    }

    @Test
    void knowsTheYamlLineOfEachKey() {
        PropertiesBlock block = PropertiesBlock.parse("a=1\n\n# comment\nlong=one\\\n  two\nafter=3\n", 7);
        assertThat(block.lineOf("a")).isEqualTo(7);
        assertThat(block.lineOf("long")).isEqualTo(10);
        assertThat(block.lineOf("after")).isEqualTo(12);
        assertThat(block.lineOf("missing")).isZero();
    }

    @Test
    void unknownFirstLineGivesNoLines() {
        assertThat(PropertiesBlock.parse("a=1", 0).lineOf("a")).isZero();
    }

    @Test
    void blankBlockIsEmpty() {
        assertThat(PropertiesBlock.parse("  \n", 3).values()).isEmpty();
        assertThat(PropertiesBlock.parse(null, 3).values()).isEmpty();
    }
}
