package io.openmessaging.benchmark.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A config file format (in the spirit of Kafka's {@code ConfigDef}): its keys and its rules across keys.
 * Reading checks the file strictly and reports every problem at once, each a line {@code
 * file:line:column: …} naming the key, what was found and what is allowed: an unknown key (with the
 * closest allowed one), a value of the wrong type or out of range, two forms of one setting, a missing
 * required key; then the rules. Immutable and thread-safe.
 */
public final class ConfigSchema {

    private final String fileKind;
    private final List<ConfigKey<?>> keys;
    private final Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
    private final List<ConfigRule> rules;

    /**
     * @param fileKind what the files are, for messages ({@code "workload file"}, {@code "Kafka driver file"})
     * @param keys every key, in the order of the reference
     * @param rules the rules across keys, in the order they are checked
     */
    public ConfigSchema(String fileKind, List<ConfigKey<?>> keys, List<ConfigRule> rules) {
        this.fileKind = fileKind;
        this.keys = List.copyOf(keys);
        this.rules = List.copyOf(rules);
        for (ConfigKey<?> key : keys) {
            if (byName.put(key.name(), key) != null) {
                throw new IllegalArgumentException("key " + key.name() + " is declared twice");
            }
        }
    }

    /** A driver's file format: the framework's keys ({@link DriverFileKeys}) followed by {@code keys}. */
    public static ConfigSchema forDriverFile(String fileKind, List<ConfigKey<?>> keys, List<ConfigRule> rules) {
        List<ConfigKey<?>> all = new ArrayList<>(DriverFileKeys.ALL);
        all.addAll(keys);
        return new ConfigSchema(fileKind, all, rules);
    }

    /** What the files are, e.g. {@code workload file}. */
    public String fileKind() {
        return fileKind;
    }

    /** Every key, in the order of the reference. */
    public List<ConfigKey<?>> keys() {
        return keys;
    }

    /** The key called {@code name}, if there is one. */
    public Optional<ConfigKey<?>> key(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every rule across keys, in the order they are checked. */
    public List<ConfigRule> rules() {
        return rules;
    }

    /** The keys a file may hold, in reference order (keys not supported left out). */
    public List<String> allowedKeys() {
        return keys.stream()
                .filter(key -> key.type() != ConfigKey.Type.NOT_SUPPORTED)
                .map(ConfigKey::name)
                .toList();
    }

    /** Reads every key of {@code mapping} and then checks the rules: {@link #readKeys} and {@link #checkRules}. */
    public ConfigValues read(YamlMapping mapping, String sourceName) throws ConfigException {
        ConfigValues values = readKeys(mapping, sourceName);
        checkRules(values, sourceName);
        return values;
    }

    /**
     * Checks each key of {@code mapping} on its own: known, of its type and range, not given in two forms,
     * and every required key present.
     *
     * @throws ConfigException listing every problem, one a line, in file order
     */
    public ConfigValues readKeys(YamlMapping mapping, String sourceName) throws ConfigException {
        ConfigValues values = new ConfigValues();
        List<String> problems = new ArrayList<>();
        for (YamlMapping.Entry entry : mapping.entries()) {
            ConfigKey<?> key = byName.get(entry.key());
            if (key == null) {
                problems.add(
                        ConfigException.at(sourceName, entry.keyLine(), entry.keyColumn(), unknownKey(entry.key())));
            } else if (key.type() == ConfigKey.Type.NOT_SUPPORTED) {
                problems.add(ConfigException.at(
                        sourceName,
                        entry.keyLine(),
                        entry.keyColumn(),
                        entry.key() + " is not supported yet; remove it (" + key.meaning() + ")"));
            } else if (key.absentWhenEmpty() && empty(entry)) {
                continue; // counts as left out
            } else {
                try {
                    values.put(key, key.convert(entry), entry);
                } catch (InvalidValue e) {
                    problems.add(ConfigException.at(sourceName, e.line(), e.column(), e.getMessage()));
                }
            }
        }
        for (ConfigKey<?> key : keys) {
            ConfigKey<?> other = key.alternativeTo().orElse(null);
            if (other != null && mapping.has(key.name()) && mapping.has(other.name())) {
                YamlMapping.Entry entry = mapping.get(key.name());
                problems.add(ConfigException.at(
                        sourceName,
                        entry.keyLine(),
                        entry.keyColumn(),
                        key.name() + " and " + other.name() + " ("
                                + mapping.get(other.name()).place() + ") set the same thing; keep one"));
            }
            if (key.required()
                    && (!mapping.has(key.name()) || (key.absentWhenEmpty() && empty(mapping.get(key.name()))))
                    && !hasAlternativeOf(key, mapping)
                    && key.requiredUnless().stream().noneMatch(exempting -> mapping.has(exempting.name()))) {
                problems.add(ConfigException.at(
                        sourceName,
                        0,
                        0,
                        "missing key '" + key.name() + "' (" + key.meaning() + ") Expected " + key.expected()
                                + alternativeHint(key) + "."));
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return values;
    }

    /**
     * Reads one mapping nested in a file (an item of a list key, such as one stall of the loopback driver)
     * by this schema's keys; messages name its keys as {@code path.key}. Rules are not checked.
     *
     * @throws InvalidValue at the first problem: not a mapping, an unknown key, a value that does not fit,
     *     a missing required key
     */
    public ConfigValues readItem(YamlNode node, String path) throws InvalidValue {
        if (node.kind() != YamlMapping.Kind.MAPPING) {
            throw new InvalidValue(
                    node.line(),
                    node.column(),
                    path + ": found " + node.found() + ", expected a mapping with the keys "
                            + String.join(", ", allowedKeys()));
        }
        ConfigValues values = new ConfigValues();
        for (Map.Entry<String, YamlNode> field : node.fields().entrySet()) {
            YamlNode value = field.getValue();
            ConfigKey<?> key = byName.get(field.getKey());
            if (key == null || key.type() == ConfigKey.Type.NOT_SUPPORTED) {
                throw new InvalidValue(
                        value.line(),
                        value.column(),
                        path + ": unknown key '" + field.getKey() + "'"
                                + Suggestions.didYouMean(field.getKey(), allowedKeys())
                                + "; allowed keys: " + String.join(", ", allowedKeys()));
            }
            YamlMapping.Entry entry =
                    YamlMapping.entryOf(path + "." + field.getKey(), value.line(), value.column(), value);
            values.put(key, key.convert(entry), entry);
        }
        for (ConfigKey<?> key : keys) {
            if (key.required() && !node.fields().containsKey(key.name())) {
                throw new InvalidValue(
                        node.line(),
                        node.column(),
                        path + ": missing key '" + key.name() + "' (" + key.meaning() + ") Expected " + key.expected()
                                + ".");
            }
        }
        return values;
    }

    /**
     * Checks the rules across keys on values that passed {@link #readKeys}.
     *
     * @throws ConfigException listing every broken rule, one a line
     */
    public void checkRules(ConfigValues values, String sourceName) throws ConfigException {
        List<String> problems = new ArrayList<>();
        for (ConfigRule rule : rules) {
            rule.check(values, sourceName).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    /** The keys that set the same thing as {@code key} in another form ({@code testDurationMinutes} for {@code testDuration}). */
    public List<String> otherFormsOf(String key) {
        List<String> others = new ArrayList<>();
        for (ConfigKey<?> declared : keys) {
            String alternative = declared.alternativeTo().map(ConfigKey::name).orElse(null);
            if (declared.name().equals(key) && alternative != null) {
                others.add(alternative);
            } else if (key.equals(alternative)) {
                others.add(declared.name());
            }
        }
        return others;
    }

    /**
     * Says that {@code key} is unknown, with the closest allowed key and the keys allowed beside it: for a
     * dotted key ({@code producer.batchingEnabled}) those of its section, by their last part; at the top level
     * the undotted keys and the sections.
     */
    private String unknownKey(String key) {
        int dot = key.lastIndexOf('.');
        String section = dot < 0 ? "" : key.substring(0, dot + 1);
        List<String> beside = keysIn(section);
        if (beside.isEmpty()) { // not a section of this format: show the top level
            section = "";
            beside = keysIn("");
        }
        String prefix = section;
        String closest = Suggestions.closest(key.substring(Math.min(key.length(), prefix.length())), beside)
                .map(s -> prefix + s)
                .orElse(null);
        return "unknown key '" + key + "'" + (closest == null ? "" : " (did you mean '" + closest + "'?)")
                + (section.isEmpty()
                        ? "; allowed keys: "
                        : "; allowed keys in '" + section.substring(0, section.length() - 1) + "': ")
                + String.join(", ", beside);
    }

    /** The allowed keys starting with {@code section}, by what follows it up to the next dot, once each. */
    private List<String> keysIn(String section) {
        List<String> beside = new ArrayList<>();
        for (String allowed : allowedKeys()) {
            if (allowed.startsWith(section)) {
                String rest = allowed.substring(section.length());
                String shown = rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
                if (!beside.contains(shown)) {
                    beside.add(shown);
                }
            }
        }
        return beside;
    }

    /** A key written with no value, or with blank text. */
    private static boolean empty(YamlMapping.Entry entry) {
        return entry.kind() == YamlMapping.Kind.NULL
                || (entry.kind() == YamlMapping.Kind.STRING && entry.text().isBlank());
    }

    private boolean hasAlternativeOf(ConfigKey<?> key, YamlMapping mapping) {
        return keys.stream().anyMatch(other -> other.alternativeTo().orElse(null) == key && mapping.has(other.name()));
    }

    private String alternativeHint(ConfigKey<?> key) {
        return keys.stream()
                .filter(other -> other.alternativeTo().orElse(null) == key)
                .map(other -> " (or " + other.name() + ": " + other.expected() + ")")
                .findFirst()
                .orElse("");
    }
}
