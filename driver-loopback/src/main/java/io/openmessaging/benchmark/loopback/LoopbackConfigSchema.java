package io.openmessaging.benchmark.loopback;

import static io.openmessaging.benchmark.config.ConfigKey.bool;
import static io.openmessaging.benchmark.config.ConfigKey.enumeration;
import static io.openmessaging.benchmark.config.ConfigKey.longInteger;
import static io.openmessaging.benchmark.config.ConfigKey.structured;
import static io.openmessaging.benchmark.config.ConfigKey.text;

import io.openmessaging.benchmark.config.ConfigException;
import io.openmessaging.benchmark.config.ConfigKey;
import io.openmessaging.benchmark.config.ConfigRule;
import io.openmessaging.benchmark.config.ConfigSchema;
import io.openmessaging.benchmark.config.ConfigValues;
import io.openmessaging.benchmark.config.InvalidValue;
import io.openmessaging.benchmark.config.YamlMapping;
import io.openmessaging.benchmark.config.YamlNode;
import io.openmessaging.benchmark.driver.DriverException;
import java.util.ArrayList;
import java.util.List;

/**
 * The loopback driver file, declared once with the config engine: its keys (beside the framework's {@code
 * name}, {@code driver}, {@code driverClass}), the keys of one stall, and the rule on the topic prefix. The
 * reader reports every problem at once as {@code file:line:column: …}; the key reference in {@code
 * docs/drivers/loopback.md} is generated from these declarations.
 */
final class LoopbackConfigSchema {

    static final ConfigKey<Long> ACK_DELAY_MICROS = longInteger("ackDelayMicros", "µs")
            .atLeast(0)
            .atMost(LoopbackConfig.MAX_DELAY_MICROS)
            .byDefault(LoopbackConfig.DEFAULT_ACK_DELAY_MICROS)
            .meaning("Time from the send call to the acknowledgement (the send callback).")
            .build();

    static final ConfigKey<Long> DELIVERY_DELAY_MICROS = longInteger("deliveryDelayMicros", "µs")
            .atLeast(0)
            .atMost(LoopbackConfig.MAX_DELAY_MICROS)
            .byDefault(LoopbackConfig.DEFAULT_DELIVERY_DELAY_MICROS)
            .meaning("Time from the send call to delivery to every subscription. Independent of"
                    + " `ackDelayMicros`: a message may arrive before it is acknowledged.")
            .build();

    static final ConfigKey<String> TOPIC_PREFIX = text("topicPrefix")
            .byDefault(LoopbackConfig.DEFAULT_TOPIC_PREFIX)
            .allowed("a name without surrounding spaces")
            .meaning("Prefix of the topics a run creates.")
            .build();

    static final ConfigKey<Long> STALL_START_AFTER_MILLIS = longInteger("startAfterMillis", "ms")
            .required()
            .atLeast(0)
            .atMost(LoopbackStall.MAX_MILLIS)
            .meaning("Start of the window, counted from the driver's **first send**.")
            .build();

    static final ConfigKey<Long> STALL_DURATION_MILLIS = longInteger("durationMillis", "ms")
            .required()
            .atLeast(1)
            .atMost(LoopbackStall.MAX_MILLIS)
            .meaning("Length of the window `[start, start + duration)`.")
            .build();

    static final ConfigKey<LoopbackStall.Kind> STALL_KIND = enumeration("kind", LoopbackStall.Kind.class)
            .required()
            .meaning("What goes wrong: a send call blocks until the window ends (`BLOCK_SEND`); nothing is"
                    + " acknowledged or delivered until it ends (`FREEZE`); or every send fails at once through"
                    + " its callback, a broker refusing every message (`FAIL_SEND`).")
            .build();

    /** One item of {@code stalls}. */
    static final ConfigSchema STALL =
            new ConfigSchema("stall", List.of(STALL_START_AFTER_MILLIS, STALL_DURATION_MILLIS, STALL_KIND), List.of());

    static final ConfigKey<List<LoopbackStall>> STALLS = structured(
                    "stalls", "list of stalls", LoopbackConfigSchema::stalls)
            .byDefault(List.of())
            .defaultText("none")
            .allowed("a list of `{startAfterMillis, durationMillis, kind}`, see [Stalls](#stalls)")
            .expected("a list of {startAfterMillis, durationMillis, kind} stalls")
            .meaning("Windows of deliberate misbehaviour, see [Stalls](#stalls).")
            .build();

    static final ConfigKey<LoopbackFault.Kind> FAULT_KIND = enumeration("kind", LoopbackFault.Kind.class)
            .required()
            .meaning("What happens to each chosen message, acknowledged as usual: delivered to no subscription"
                    + " (`DROP`), delivered twice to each (`DUPLICATE`), or delivered after the next message its"
                    + " producer sends to the same partition (`REORDER`).")
            .build();

    static final ConfigKey<Long> FAULT_EVERY_NTH = longInteger("everyNth", "messages")
            .required()
            .atLeast(1)
            .atMost(LoopbackFault.MAX)
            .meaning("Which messages: the n-th, 2n-th, … measured message the driver's producers send, counted"
                    + " over the whole driver (readiness probes left out).")
            .build();

    static final ConfigKey<Long> FAULT_COUNT = longInteger("count", "messages")
            .required()
            .atLeast(1)
            .atMost(LoopbackFault.MAX)
            .meaning("How many messages the fault hits at most.")
            .build();

    /** One item of {@code faults}. */
    static final ConfigSchema FAULT =
            new ConfigSchema("fault", List.of(FAULT_KIND, FAULT_EVERY_NTH, FAULT_COUNT), List.of());

    static final ConfigKey<List<LoopbackFault>> FAULTS = structured(
                    "faults", "list of faults", LoopbackConfigSchema::faults)
            .byDefault(List.of())
            .defaultText("none")
            .allowed("a list of `{kind, everyNth, count}`, see [Faults](#faults)")
            .expected("a list of {kind, everyNth, count} faults")
            .meaning("Messages dropped, duplicated or reordered on purpose, to check the accounting by"
                    + " identity; only without delays or freezes, see [Faults](#faults).")
            .build();

    static final ConfigKey<Boolean> SYNCHRONOUS_DELAYS = bool("synchronousDelays")
            .byDefault(LoopbackConfig.DEFAULT_SYNCHRONOUS_DELAYS)
            .meaning("Serve delays and freezes on the producer thread instead of a scheduler thread, see"
                    + " [Timing modes](#timing-modes).")
            .build();

    static final ConfigKey<Long> MAX_HELD_MESSAGES = longInteger("maxHeldMessages", "messages")
            .atLeast(1)
            .atMost(LoopbackConfig.MAX_MAX_HELD_MESSAGES)
            .byDefault(LoopbackConfig.DEFAULT_MAX_HELD_MESSAGES)
            .meaning("How many messages may wait in memory for paused consumers, over the whole driver, see"
                    + " [Pause and resume](#pause-and-resume).")
            .build();

    static final ConfigKey<Long> MAX_SEND_RATE_MSG_PER_SEC = longInteger("maxSendRateMsgPerSec", "msg/s")
            .atLeast(0)
            .atMost(LoopbackConfig.MAX_MAX_SEND_RATE_MSG_PER_SEC)
            .byDefault(LoopbackConfig.DEFAULT_MAX_SEND_RATE_MSG_PER_SEC)
            .defaultText("`0` (no cap)")
            .meaning("Throughput cap of the whole driver: sends are paced to at most this rate, one slot every"
                    + " 1/cap s shared by all producers, and a send over the cap blocks its producer thread until"
                    + " its slot (back-pressure, like a full client buffer). An idle spell saves up no burst. Gives"
                    + " the [max-rate search](../max-rate-search.md) a system of known capacity.")
            .build();

    static final ConfigSchema SCHEMA = ConfigSchema.forDriverFile(
            "loopback driver file",
            List.of(
                    ACK_DELAY_MICROS,
                    DELIVERY_DELAY_MICROS,
                    TOPIC_PREFIX,
                    STALLS,
                    SYNCHRONOUS_DELAYS,
                    MAX_HELD_MESSAGES,
                    MAX_SEND_RATE_MSG_PER_SEC,
                    FAULTS),
            List.of(new ConfigRule(
                    "`topicPrefix` is a non-empty name without surrounding spaces.",
                    List.of(TOPIC_PREFIX),
                    values -> {
                        String prefix = values.get(TOPIC_PREFIX);
                        return prefix.isBlank() || !prefix.equals(prefix.strip());
                    },
                    values -> values.show(TOPIC_PREFIX) + ": must be a non-empty name without surrounding spaces,"
                            + " e.g. topicPrefix: " + LoopbackConfig.DEFAULT_TOPIC_PREFIX)));

    private LoopbackConfigSchema() {}

    /** Reads a loopback driver file; an empty file gives the defaults. */
    static LoopbackConfig parse(String yaml, String sourceName) throws DriverException {
        if (yaml == null || yaml.isBlank()) {
            return LoopbackConfig.defaults();
        }
        try {
            ConfigValues values = SCHEMA.read(YamlMapping.read(yaml, sourceName), sourceName);
            return new LoopbackConfig(
                    values.get(ACK_DELAY_MICROS),
                    values.get(DELIVERY_DELAY_MICROS),
                    values.get(TOPIC_PREFIX),
                    values.get(STALLS),
                    values.get(SYNCHRONOUS_DELAYS),
                    values.get(MAX_HELD_MESSAGES),
                    values.get(MAX_SEND_RATE_MSG_PER_SEC),
                    values.get(FAULTS));
        } catch (ConfigException e) {
            throw new DriverException(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new DriverException(sourceName + ": " + e.getMessage(), e);
        }
    }

    private static List<LoopbackFault> faults(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode list = entry.nested();
        if (list == null || list.kind() != YamlMapping.Kind.LIST) {
            throw new InvalidValue(entry, FAULTS.expected());
        }
        List<LoopbackFault> faults = new ArrayList<>();
        for (YamlNode item : list.items()) {
            ConfigValues fault = FAULT.readItem(item, "faults[" + faults.size() + "]");
            faults.add(new LoopbackFault(fault.get(FAULT_KIND), fault.get(FAULT_EVERY_NTH), fault.get(FAULT_COUNT)));
        }
        return List.copyOf(faults);
    }

    private static List<LoopbackStall> stalls(YamlMapping.Entry entry) throws InvalidValue {
        YamlNode list = entry.nested();
        if (list == null || list.kind() != YamlMapping.Kind.LIST) {
            throw new InvalidValue(entry, STALLS.expected());
        }
        List<LoopbackStall> stalls = new ArrayList<>();
        for (YamlNode item : list.items()) {
            ConfigValues stall = STALL.readItem(item, "stalls[" + stalls.size() + "]");
            stalls.add(new LoopbackStall(
                    stall.get(STALL_START_AFTER_MILLIS), stall.get(STALL_DURATION_MILLIS), stall.get(STALL_KIND)));
        }
        return List.copyOf(stalls);
    }
}
