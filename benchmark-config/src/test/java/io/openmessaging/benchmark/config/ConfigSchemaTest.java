package io.openmessaging.benchmark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The config engine on a small format of its own: each kind of problem, its place and its words. */
class ConfigSchemaTest {

    enum Mode {
        FAST,
        SAFE
    }

    static final ConfigKey<String> LABEL =
            ConfigKey.text("label").defaultText("none").meaning("A label.").build();
    static final ConfigKey<Integer> THREADS = ConfigKey.integer("threads", "threads")
            .atLeast(1)
            .atMost(64)
            .byDefault(4)
            .meaning("Worker threads.")
            .build();
    static final ConfigKey<Duration> TIMEOUT = ConfigKey.duration("timeout")
            .required()
            .meaning("How long to wait.")
            .build();
    static final ConfigKey<Integer> TIMEOUT_SECONDS = ConfigKey.integer("timeoutSeconds", "seconds")
            .atLeast(0)
            .alternativeTo(TIMEOUT)
            .meaning("The old form of timeout.")
            .build();
    static final ConfigKey<Mode> MODE = ConfigKey.enumeration("mode", Mode.class)
            .byDefault(Mode.SAFE)
            .meaning("How.")
            .build();
    static final ConfigKey<Boolean> BATCH = ConfigKey.bool("batch")
            .byDefault(false)
            .meaning("Whether to batch.")
            .build();
    static final ConfigKey<Object> LEGACY =
            ConfigKey.notSupported("legacy").meaning("An old switch.").build();

    static final ConfigSchema SCHEMA = new ConfigSchema(
            "test file",
            List.of(LABEL, THREADS, TIMEOUT, TIMEOUT_SECONDS, MODE, BATCH, LEGACY),
            List.of(new ConfigRule(
                    "`batch: true` needs at least 2 `threads`.",
                    List.of(BATCH, THREADS),
                    values -> values.get(BATCH) && values.get(THREADS) < 2,
                    values -> values.show(BATCH) + " needs at least 2 threads; found " + values.show(THREADS))));

    @Test
    void aValidFileGivesItsValuesAndTheDefaultsOfWhatItLeavesOut() throws ConfigException {
        ConfigValues values = read("timeout: 30s\nmode: FAST\n");

        assertThat(values.get(TIMEOUT)).isEqualTo(Duration.ofSeconds(30));
        assertThat(values.get(MODE)).isEqualTo(Mode.FAST);
        assertThat(values.get(THREADS)).isEqualTo(4);
        assertThat(values.given(THREADS)).isFalse();
        assertThat(values.show(THREADS)).isEqualTo("threads: 4 (default)");
        assertThat(values.show(MODE)).isEqualTo("mode: FAST (line 2)");
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnceInFileOrderWithItsPlace() {
        assertThatThrownBy(() -> read("timeout: 30s\nthreds: 8\nthreads: 100\nmode: FASTER\nlegacy: true\n"))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems())
                        .containsExactly(
                                "f.yaml:2:1: unknown key 'threds' (did you mean 'threads'?); allowed keys: label,"
                                        + " threads, timeout, timeoutSeconds, mode, batch",
                                "f.yaml:3:10: threads: found 100, expected an integer number of threads from 1 to 64",
                                "f.yaml:4:7: mode: found 'FASTER', expected one of FAST, SAFE (did you mean 'FAST'?)",
                                "f.yaml:5:1: legacy is not supported yet; remove it (An old switch.)"));
    }

    @Test
    void aMissingRequiredKeyNamesItsOtherFormAndTwoFormsAreRefused() {
        assertThatThrownBy(() -> read("mode: FAST\n"))
                .hasMessage("f.yaml: missing key 'timeout' (How long to wait.) Expected a duration such as 500ms,"
                        + " 30s, 2m or 1h30m (or timeoutSeconds: an integer number of seconds, at least 0).");
        assertThatThrownBy(() -> read("timeout: 30s\ntimeoutSeconds: 30\n"))
                .hasMessage("f.yaml:2:1: timeoutSeconds and timeout (line 1) set the same thing; keep one");
    }

    @Test
    void aBrokenRuleIsPlacedAtTheFirstOfItsKeysTheFileGives() {
        assertThatThrownBy(() -> read("timeout: 1s\nthreads: 1\nbatch: true\n"))
                .hasMessage("f.yaml:3:1: batch: true (line 3) needs at least 2 threads; found threads: 1 (line 2)");
    }

    @Test
    void theReferenceIsRenderedFromTheDeclarations() {
        assertThat(KeyReference.keyTable(SCHEMA))
                .startsWith("| Key | Type | Default | Allowed | Meaning |\n|---|---|---|---|---|\n")
                .contains("| `threads` | integer (threads) | `4` | 1 … 64 | Worker threads. |\n")
                .contains("| `timeout` | duration | *required* | e.g. `500ms`")
                .contains("| `timeoutSeconds` | integer (seconds) | see `timeout` | ≥ 0 | The old form of timeout. |\n")
                .contains("| `mode` | enum | `SAFE` | `FAST`, `SAFE` | How. |\n")
                .doesNotContain("legacy");
        assertThat(KeyReference.ruleList(SCHEMA)).isEqualTo("- `batch: true` needs at least 2 `threads`.\n");
        assertThat(KeyReference.notSupportedList(SCHEMA)).isEqualTo("- `legacy`: An old switch.\n");
    }

    @Test
    void aGeneratedBlockIsReplacedBetweenItsMarkersAndAMissingOneIsNamed() {
        String page = "# Page\n\n<!-- generated:keys -->\nold table\n<!-- /generated:keys -->\n\nMore.\n";

        assertThat(KeyReference.withGeneratedBlock(page, "keys", "| new |\n"))
                .isEqualTo("# Page\n\n<!-- generated:keys -->\n| new |\n<!-- /generated:keys -->\n\nMore.\n");
        assertThatThrownBy(() -> KeyReference.withGeneratedBlock(page, "rules", "x"))
                .hasMessageContaining("<!-- generated:rules -->");
    }

    @Test
    void aNestedMappingIsReadByItsOwnSchemaWithItsPathInMessages() throws Exception {
        ConfigKey<Long> offset = ConfigKey.longInteger("offsetMicros", "µs")
                .required()
                .atLeast(0)
                .meaning("Offset.")
                .build();
        ConfigSchema item = new ConfigSchema("item", List.of(offset, THREADS), List.of());
        YamlMapping file = YamlMapping.read(
                "items:\n  - {offsetMicros: 5000000000, threads: 2}\n  - {offsetMicros: 1, thread: 2}\n", "f.yaml");
        List<YamlNode> items = file.get("items").nested().items();

        ConfigValues first = item.readItem(items.get(0), "items[0]");
        assertThat(first.get(offset)).isEqualTo(5_000_000_000L);
        assertThat(first.get(THREADS)).isInstanceOf(Integer.class).isEqualTo(2);
        assertThatThrownBy(() -> item.readItem(items.get(1), "items[1]"))
                .isInstanceOf(InvalidValue.class)
                .hasMessage("items[1]: unknown key 'thread' (did you mean 'threads'?); allowed keys: offsetMicros,"
                        + " threads")
                .satisfies(e -> assertThat(((InvalidValue) e).line()).isEqualTo(3));
    }

    @Test
    void aKeyDeclaredTwiceIsAMistakeOfTheDeclaration() {
        assertThatThrownBy(() -> new ConfigSchema("x", List.of(THREADS, THREADS), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("threads is declared twice");
    }

    private static ConfigValues read(String yaml) throws ConfigException {
        return SCHEMA.read(YamlMapping.read(yaml, "f.yaml"), "f.yaml");
    }

    @Test
    void aKeyIsPlacedByItsLineOrByTheSetAssignmentThatGaveIt() throws ConfigException {
        YamlMapping mapping = YamlMapping.read("rate: 5\nname: x\n", "w.yaml")
                .withAssignments(List.of("size=1024", "steps=[{rate: 1}]"), key -> List.of());

        assertThat(mapping.get("name").place()).isEqualTo("line 2");
        assertThat(mapping.get("size").place()).isEqualTo("--set size=1024");
        assertThat(mapping.get("steps").place()).isEqualTo("--set steps=…");
    }

    @Test
    void anAssignmentWithoutKeyOrEqualsSignIsNamed() {
        assertThat(YamlMapping.assignmentProblem("rate=5")).isNull();
        assertThat(YamlMapping.assignmentProblem("rate"))
                .isEqualTo("--set 'rate': expected key=value, e.g. --set producerRate=5000");
        assertThat(YamlMapping.assignmentProblem(" =5")).isNotNull();
    }
}
