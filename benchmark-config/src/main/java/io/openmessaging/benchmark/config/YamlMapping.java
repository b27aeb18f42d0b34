package io.openmessaging.benchmark.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * The top-level mapping of a YAML file, read with Jackson's streaming YAML parser so that every key
 * and value keeps its line and column (a databind tree would lose them). Values below the top level
 * are kept as {@link YamlNode}s with their positions, for the few keys that take lists or mappings
 * (such as {@code producerRateSteps} and {@code existingTopicList}); driver files keep their nested settings to
 * themselves.
 */
public final class YamlMapping {

    /** What a top-level value is, as YAML typed it. */
    public enum Kind {
        STRING,
        INTEGER,
        FLOAT,
        BOOLEAN,
        NULL,
        MAPPING,
        LIST
    }

    /**
     * One {@code key: value} line.
     *
     * @param text the scalar as written ({@code null} for a mapping, a list or no value)
     * @param value the scalar as YAML typed it: a {@link Number} for {@link Kind#INTEGER} and {@link
     *     Kind#FLOAT}, a {@link Boolean} for {@link Kind#BOOLEAN}, the items' texts for {@link Kind#LIST}
     *     (see {@link #itemTexts}), else the text
     * @param nested the list or mapping with positions, or {@code null} for a scalar
     */
    public record Entry(
            String key,
            int keyLine,
            int keyColumn,
            Kind kind,
            String text,
            Object value,
            int valueLine,
            int valueColumn,
            YamlNode nested) {

        /** The value as an error message should quote it. */
        public String found() {
            return switch (kind) {
                case MAPPING -> "a nested mapping";
                case LIST -> "a list";
                case NULL -> "no value";
                case STRING -> "'" + text + "'";
                default -> text;
            };
        }

        /**
         * Where the key was given, as an error message names it beside another key: {@code line 12} in the
         * file, or the assignment {@code --set producerRate=5000} for one from the command line ({@code --set
         * producerRateSteps=…} for a list or mapping, whose text is not kept).
         */
        public String place() {
            if (keyLine != FROM_COMMAND_LINE) {
                return "line " + keyLine;
            }
            return "--set " + key + "=" + (nested == null && text != null ? text : "…");
        }
    }

    /** Stands for a list item that is a nested mapping or list (kept apart from any text by identity). */
    public static final String NESTED_ITEM = new String("<nested>");

    private static final YAMLFactory YAML = new YAMLFactory();

    /** The line of an entry given on the command line ({@code --set key=value}) instead of in the file. */
    public static final int FROM_COMMAND_LINE = -1;

    private final Map<String, Entry> entries;

    private YamlMapping(Map<String, Entry> entries) {
        this.entries = entries;
    }

    /**
     * Reads the top-level mapping of {@code yamlText}.
     *
     * @throws ConfigException on a YAML syntax error, an empty file, a top level that is not a mapping,
     *     a key given twice, or a second YAML document, each naming the file and line
     */
    public static YamlMapping read(String yamlText, String sourceName) throws ConfigException {
        try (JsonParser parser = YAML.createParser(yamlText)) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                throw new ConfigException(ConfigException.at(
                        sourceName, 0, 0, "the file has no content; expected a mapping of 'key: value' lines"));
            }
            if (token != JsonToken.START_OBJECT) {
                JsonLocation where = parser.currentTokenLocation();
                throw new ConfigException(ConfigException.at(
                        sourceName,
                        where.getLineNr(),
                        where.getColumnNr(),
                        "expected a mapping of 'key: value' lines at the top level, found " + describe(token)));
            }
            Map<String, Entry> entries = new LinkedHashMap<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                Entry entry = readEntry(parser);
                Entry earlier = entries.putIfAbsent(entry.key(), entry);
                if (earlier != null) {
                    throw new ConfigException(ConfigException.at(
                            sourceName,
                            entry.keyLine(),
                            entry.keyColumn(),
                            "key '" + entry.key() + "' is given twice (first on line " + earlier.keyLine()
                                    + "); keep one"));
                }
            }
            if (parser.nextToken() != null) {
                JsonLocation where = parser.currentTokenLocation();
                throw new ConfigException(ConfigException.at(
                        sourceName,
                        where.getLineNr(),
                        where.getColumnNr(),
                        "a second YAML document starts here; a file holds exactly one"));
            }
            return new YamlMapping(entries);
        } catch (JacksonException e) {
            throw syntaxError(e, sourceName);
        } catch (IOException e) {
            throw new ConfigException(ConfigException.at(sourceName, 0, 0, "cannot read the YAML: " + e), e);
        }
    }

    /**
     * This mapping with its sections spread out: the value of every key in {@code sections} (dotted paths,
     * e.g. {@code client} and {@code client.persistence}) is a mapping whose entries become top-level
     * entries named by their path ({@code client.persistence.ensembleSize}), at their own lines. A section
     * with no value holds nothing. For formats of nested sections (upstream's Pulsar driver file), read then
     * by a schema of dotted keys.
     *
     * @throws ConfigException naming a section whose value is not a mapping
     */
    public YamlMapping flattened(java.util.Set<String> sections, String sourceName) throws ConfigException {
        Map<String, Entry> flat = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Entry entry : entries.values()) {
            spread(entry, sections, sourceName, flat, problems);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new YamlMapping(flat);
    }

    private static void spread(
            Entry entry,
            java.util.Set<String> sections,
            String sourceName,
            Map<String, Entry> flat,
            List<String> problems) {
        if (!sections.contains(entry.key())) {
            flat.put(entry.key(), entry);
            return;
        }
        if (entry.kind() == Kind.NULL) {
            return;
        }
        if (entry.kind() != Kind.MAPPING) {
            problems.add(ConfigException.at(
                    sourceName,
                    entry.valueLine(),
                    entry.valueColumn(),
                    entry.key() + ": found " + entry.found() + ", expected a mapping of " + entry.key() + ".* keys"));
            return;
        }
        for (Map.Entry<String, YamlNode> field : entry.nested().fields().entrySet()) {
            YamlNode node = field.getValue();
            spread(
                    entryOf(entry.key() + "." + field.getKey(), node.line(), node.column(), node),
                    sections,
                    sourceName,
                    flat,
                    problems);
        }
    }

    /**
     * Why {@code assignment} is no {@code key=value} (a {@code --set} without {@code =}, or with nothing before
     * it), in one line naming it; {@code null} when it has that shape. The value is checked later, against
     * the key's type.
     */
    public static String assignmentProblem(String assignment) {
        return assignment.indexOf('=') > 0
                        && !assignment.substring(0, assignment.indexOf('=')).isBlank()
                ? null
                : "--set '" + assignment + "': expected key=value, e.g. --set producerRate=5000";
    }

    /**
     * This mapping with {@code assignments} ({@code key=value}, the value in YAML) put over it, each
     * marked as {@link #FROM_COMMAND_LINE}; a key in {@code replacedBy} of an assigned key is dropped
     * (e.g. {@code testDurationMinutes} when {@code testDuration} is assigned).
     *
     * @throws ConfigException for an assignment without {@code =} or whose value is not YAML
     */
    public YamlMapping withAssignments(
            List<String> assignments, java.util.function.Function<String, List<String>> replacedBy)
            throws ConfigException {
        Map<String, Entry> merged = new LinkedHashMap<>(entries);
        for (String assignment : assignments) {
            String problem = assignmentProblem(assignment);
            if (problem != null) {
                throw new ConfigException(problem);
            }
            int equals = assignment.indexOf('=');
            String key = assignment.substring(0, equals).strip();
            String value = assignment.substring(equals + 1);
            Entry given =
                    read(key + ": " + value, "--set " + assignment).entries.get(key);
            if (given == null) {
                throw new ConfigException(
                        "--set '" + assignment + "': expected key=value, e.g. --set producerRate=5000");
            }
            replacedBy.apply(key).forEach(merged::remove);
            merged.remove(key);
            merged.put(
                    key,
                    new Entry(
                            given.key(),
                            FROM_COMMAND_LINE,
                            0,
                            given.kind(),
                            given.text(),
                            given.value(),
                            FROM_COMMAND_LINE,
                            0,
                            given.nested()));
        }
        return new YamlMapping(merged);
    }

    /**
     * The entry of {@code key} with the value {@code node}, as a top-level key would have it: for a mapping
     * nested in a file (one item of a list) read with a schema of its own, placed at {@code keyLine}:{@code
     * keyColumn}.
     */
    public static Entry entryOf(String key, int keyLine, int keyColumn, YamlNode node) {
        return new Entry(
                key,
                keyLine,
                keyColumn,
                node.kind(),
                node.text(),
                node.kind() == Kind.LIST ? itemTexts(node) : node.value(),
                node.line(),
                node.column(),
                node.kind() == Kind.MAPPING || node.kind() == Kind.LIST ? node : null);
    }

    private static Entry readEntry(JsonParser parser) throws IOException {
        JsonLocation keyAt = parser.currentTokenLocation();
        String key = parser.currentName();
        parser.nextToken();
        JsonLocation valueAt = parser.currentTokenLocation();
        YamlNode node = readNode(parser);
        YamlNode nested = node.kind() == Kind.MAPPING || node.kind() == Kind.LIST ? node : null;
        Object value = node.kind() == Kind.LIST ? itemTexts(node) : node.value();
        return new Entry(
                key,
                keyAt.getLineNr(),
                keyAt.getColumnNr(),
                node.kind(),
                node.text(),
                value,
                valueAt.getLineNr(),
                valueAt.getColumnNr(),
                nested);
    }

    /**
     * The items of a list: the text of each scalar item, {@code null} for an item with no value, and
     * {@link #NESTED_ITEM} for an item that is itself a mapping or a list.
     */
    private static List<String> itemTexts(YamlNode list) {
        List<String> texts = new ArrayList<>();
        for (YamlNode item : list.items()) {
            texts.add(
                    switch (item.kind()) {
                        case MAPPING, LIST -> NESTED_ITEM;
                        case NULL -> null;
                        default -> item.text();
                    });
        }
        return texts;
    }

    /** Reads the value at the parser's current token, with everything below it. */
    private static YamlNode readNode(JsonParser parser) throws IOException {
        JsonToken valueToken = parser.currentToken();
        JsonLocation valueAt = parser.currentTokenLocation();
        if (parser instanceof com.fasterxml.jackson.dataformat.yaml.YAMLParser yaml && yaml.isCurrentAlias()) {
            // the parser hands an alias over as the anchor's name: refuse it rather than read that name
            throw new ProblemAt(
                    parser,
                    valueAt,
                    "YAML aliases (*" + parser.getText() + ") are not" + " supported; write the value out");
        }
        Kind kind;
        String text = null;
        Object value = null;
        List<YamlNode> items = List.of();
        Map<String, YamlNode> fields = Map.of();
        switch (valueToken) {
            case START_OBJECT -> {
                kind = Kind.MAPPING;
                Map<String, YamlNode> read = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    JsonLocation nameAt = parser.currentTokenLocation();
                    parser.nextToken();
                    YamlNode earlier = read.putIfAbsent(name, readNode(parser));
                    if (earlier != null) {
                        throw new ProblemAt(
                                parser,
                                nameAt,
                                "key '" + name + "' is given twice in this mapping (first on line " + earlier.line()
                                        + "); keep one");
                    }
                }
                fields = read;
            }
            case START_ARRAY -> {
                kind = Kind.LIST;
                List<YamlNode> read = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    read.add(readNode(parser));
                }
                items = read;
            }
            case VALUE_NUMBER_INT -> {
                kind = Kind.INTEGER;
                text = parser.getText();
                value = parser.getNumberValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                kind = Kind.FLOAT;
                text = parser.getText();
                value = parser.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                kind = Kind.BOOLEAN;
                text = parser.getText();
                value = valueToken == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> kind = Kind.NULL;
            default -> {
                kind = Kind.STRING;
                text = parser.getText();
                value = text;
            }
        }
        return new YamlNode(kind, text, value, valueAt.getLineNr(), valueAt.getColumnNr(), items, fields);
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "a list";
            case VALUE_NULL -> "no value";
            default -> "a single value";
        };
    }

    /** What this reader refuses in text YAML accepts (an alias, a key given twice), with its place. */
    private static final class ProblemAt extends com.fasterxml.jackson.core.JsonParseException {
        private static final long serialVersionUID = 1L;

        private final transient JsonLocation at;

        ProblemAt(JsonParser parser, JsonLocation at, String message) {
            super(parser, message);
            this.at = at;
        }
    }

    private static ConfigException syntaxError(JacksonException e, String sourceName) {
        if (e instanceof ProblemAt alias) {
            JsonLocation where = alias.at;
            return new ConfigException(
                    ConfigException.at(
                            sourceName,
                            where == null ? 0 : where.getLineNr(),
                            where == null ? 0 : where.getColumnNr(),
                            alias.getOriginalMessage()),
                    e);
        }
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
            String detail = marked.getProblem();
            if (marked.getContext() != null && marked.getContextMark() != null) {
                detail += " (" + marked.getContext() + " that starts on line "
                        + (marked.getContextMark().getLine() + 1) + ")";
            }
            return new ConfigException(
                    ConfigException.at(
                            sourceName,
                            marked.getProblemMark().getLine() + 1,
                            marked.getProblemMark().getColumn() + 1,
                            "YAML syntax error: " + detail),
                    e);
        }
        JsonLocation where = e.getLocation();
        int line = where == null ? 0 : where.getLineNr();
        int column = where == null ? 0 : where.getColumnNr();
        String message = e.getOriginalMessage() == null
                ? "unreadable YAML"
                : e.getOriginalMessage().strip();
        int newline = message.indexOf('\n');
        if (newline >= 0) {
            message = message.substring(0, newline);
        }
        return new ConfigException(ConfigException.at(sourceName, line, column, "YAML syntax error: " + message), e);
    }

    /** The entries in file order. */
    public List<Entry> entries() {
        return new ArrayList<>(entries.values());
    }

    /** The entry for {@code key}, or {@code null} when the file does not have it. */
    public Entry get(String key) {
        return entries.get(key);
    }

    public boolean has(String key) {
        return entries.containsKey(key);
    }
}
