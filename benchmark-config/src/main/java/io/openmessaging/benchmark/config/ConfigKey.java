package io.openmessaging.benchmark.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One key of a config file (a workload or a driver file), declared once: its type, default, range or
 * allowed values, unit and meaning. The declaration checks a value ({@link #convert}), says what is
 * allowed in error messages ({@link #expected()}) and renders the key's row of the generated reference
 * ({@link KeyReference}). Declared with the factories, e.g. {@code ConfigKey.integer("partitionsPerTopic",
 * "partitions").atLeast(1).byDefault(1).meaning("…").build()}. Immutable.
 */
public final class ConfigKey<T> {

    /** The kinds of value a key takes. */
    public enum Type {
        TEXT("text"),
        INTEGER("integer"),
        NUMBER("number"),
        BOOLEAN("boolean"),
        ENUM("enum"),
        DURATION("duration"),
        TEXT_LIST("list of text"),
        /** A list or mapping read by the field's own converter (the rate plan keys). */
        STRUCTURED("structured"),
        /** A key of a fork that this benchmark recognises but does not implement yet: always an error. */
        NOT_SUPPORTED("not supported");

        private final String label;

        Type(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final String name;
    private final Type type;
    private final Class<T> javaType;
    private final T defaultValue;
    private final String defaultText;
    private final boolean required;
    private final BigDecimal min;
    private final BigDecimal max;
    private final String unit;
    private final String meaning;
    private final ConfigKey<?> alternativeTo;
    private final List<ConfigKey<?>> requiredUnless;
    private final Converter<T> converter;
    private final String allowedOverride;
    private final String expectedOverride;
    private final boolean ignoreCase;
    private final boolean absentWhenEmpty;

    private ConfigKey(Builder<T> spec) {
        this.name = spec.name;
        this.type = spec.type;
        this.javaType = spec.javaType;
        this.defaultValue = spec.defaultValue;
        this.defaultText = spec.defaultText;
        this.required = spec.required;
        this.min = spec.min;
        this.max = spec.max;
        this.unit = spec.unit;
        this.meaning = spec.meaning;
        this.alternativeTo = spec.alternativeTo;
        this.requiredUnless = List.copyOf(spec.requiredUnless);
        this.converter = spec.converter;
        this.allowedOverride = spec.allowed;
        this.expectedOverride = spec.expected;
        this.ignoreCase = spec.ignoreCase;
        this.absentWhenEmpty = spec.absentWhenEmpty;
    }

    /** Keys any of which, when given, make this required key optional. */
    public List<ConfigKey<?>> requiredUnless() {
        return requiredUnless;
    }

    /** The key as written in YAML. */
    public String name() {
        return name;
    }

    public Type type() {
        return type;
    }

    /** The value when the key is left out, or {@code null} when there is none. */
    public T defaultValue() {
        return defaultValue;
    }

    /** Whether a file must give this key (or its {@link #alternativeTo() other form}). */
    public boolean required() {
        return required;
    }

    /** Whether the key written with no value or blank text counts as left out. */
    public boolean absentWhenEmpty() {
        return absentWhenEmpty;
    }

    /** One or two sentences on what the key does. */
    public String meaning() {
        return meaning;
    }

    /** For an upstream spelling of a setting, the key it is another form of. */
    public Optional<ConfigKey<?>> alternativeTo() {
        return Optional.ofNullable(alternativeTo);
    }

    /** The default as the reference shows it. */
    public String defaultText() {
        if (required) {
            return requiredUnless.isEmpty()
                    ? "*required*"
                    : "*required* without "
                            + requiredUnless.stream()
                                    .map(f -> "`" + f.name() + "`")
                                    .collect(Collectors.joining(" or "));
        }
        if (alternativeTo != null) {
            return "see `" + alternativeTo.name() + "`";
        }
        if (defaultText != null) {
            return defaultText;
        }
        return "`" + show(defaultValue) + "`";
    }

    /** The type as the reference shows it, with the unit. */
    public String typeText() {
        return unit == null ? type.label() : type.label() + " (" + unit + ")";
    }

    /** The allowed values as the reference shows them. */
    public String allowedText() {
        if (allowedOverride != null) {
            return allowedOverride;
        }
        return switch (type) {
            case TEXT -> "any text";
            case BOOLEAN -> "`true`, `false`";
            case ENUM ->
                Arrays.stream(javaType.getEnumConstants())
                        .map(constant -> "`" + constant + "`")
                        .collect(Collectors.joining(", "));
            case DURATION -> "e.g. `500ms`, `30s`, `2m`, `1h30m`; at most `8760h` (one year)";
            case TEXT_LIST -> "a YAML list of distinct names, e.g. `[orders, payments]`";
            case NOT_SUPPORTED, STRUCTURED -> "none";
            default -> rangeText(false);
        };
    }

    /** What an error message says the key expects, e.g. {@code an integer number of bytes, at least 1}. */
    public String expected() {
        if (expectedOverride != null) {
            return expectedOverride;
        }
        return switch (type) {
            case TEXT -> "text";
            case BOOLEAN -> "true or false";
            case ENUM ->
                "one of "
                        + Arrays.stream(javaType.getEnumConstants())
                                .map(Object::toString)
                                .collect(Collectors.joining(", "));
            case DURATION -> "a duration such as 500ms, 30s, 2m or 1h30m";
            case TEXT_LIST -> "a list of distinct, non-empty names, e.g. [orders, payments]";
            case INTEGER -> "an integer number of " + unit + rangeText(true);
            case NUMBER -> (unit == null ? "a number" : "a number of " + unit) + rangeText(true);
            case NOT_SUPPORTED, STRUCTURED -> "nothing";
        };
    }

    private String rangeText(boolean inSentence) {
        if (min != null && max != null) {
            return (inSentence ? " from " : "") + plain(min) + (inSentence ? " to " : " … ") + plain(max);
        }
        if (min != null) {
            return (inSentence ? ", at least " : "≥ ") + plain(min);
        }
        return inSentence ? "" : "any";
    }

    /**
     * Converts the YAML value of this key.
     *
     * @throws InvalidValue saying what was found and what is allowed
     */
    public T convert(YamlMapping.Entry entry) throws InvalidValue {
        if (type == Type.STRUCTURED) {
            return converter.convert(entry);
        }
        if (entry.kind() == YamlMapping.Kind.NULL) {
            throw new InvalidValue(
                    entry,
                    expected()
                            + (required || alternativeTo != null
                                    ? ""
                                    : "; leave the key out to get the default, "
                                            + defaultText().replace("`", "")));
        }
        if (type == Type.TEXT_LIST) {
            return javaType.cast(toTextList(entry));
        }
        if (entry.kind() == YamlMapping.Kind.MAPPING || entry.kind() == YamlMapping.Kind.LIST) {
            throw new InvalidValue(entry, expected());
        }
        Object value = switch (type) {
            case TEXT -> entry.text();
            case BOOLEAN -> toBoolean(entry);
            case ENUM -> toEnum(entry);
            case DURATION -> toDuration(entry);
            case INTEGER -> toInteger(entry);
            case NUMBER -> toNumber(entry);
            case TEXT_LIST, NOT_SUPPORTED, STRUCTURED ->
                throw new IllegalStateException(name + " has no scalar values");
        };
        return javaType.cast(value);
    }

    private List<String> toTextList(YamlMapping.Entry entry) throws InvalidValue {
        if (entry.kind() != YamlMapping.Kind.LIST) {
            throw new InvalidValue(entry, expected());
        }
        @SuppressWarnings("unchecked")
        List<String> items = (List<String>) entry.value();
        List<String> names = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i);
            if (item == YamlMapping.NESTED_ITEM || item == null || item.isBlank()) {
                throw new InvalidValue(
                        entry,
                        expected() + "; item " + (i + 1) + " is "
                                + (item == YamlMapping.NESTED_ITEM ? "a nested list or mapping" : "empty"));
            }
            if (names.contains(item)) {
                throw new InvalidValue(entry, expected() + "; '" + item + "' is listed twice");
            }
            names.add(item);
        }
        return List.copyOf(names);
    }

    private Boolean toBoolean(YamlMapping.Entry entry) throws InvalidValue {
        if (entry.value() instanceof Boolean flag) {
            return flag;
        }
        if (entry.text().equalsIgnoreCase("true") || entry.text().equalsIgnoreCase("false")) {
            return Boolean.valueOf(entry.text());
        }
        throw new InvalidValue(entry, expected());
    }

    private Object toEnum(YamlMapping.Entry entry) throws InvalidValue {
        List<String> names = new ArrayList<>();
        for (T constant : javaType.getEnumConstants()) {
            String name = constant.toString();
            if (ignoreCase ? name.equalsIgnoreCase(entry.text()) : name.equals(entry.text())) {
                return constant;
            }
            names.add(constant.toString());
        }
        throw new InvalidValue(entry, expected() + Suggestions.didYouMean(entry.text(), names));
    }

    private Duration toDuration(YamlMapping.Entry entry) throws InvalidValue {
        try {
            return DurationText.parse(entry.text());
        } catch (IllegalArgumentException e) {
            throw new InvalidValue(entry, expected() + "; " + e.getMessage());
        }
    }

    private Number toInteger(YamlMapping.Entry entry) throws InvalidValue {
        BigDecimal value = toDecimal(entry);
        if (value.stripTrailingZeros().scale() > 0) {
            throw new InvalidValue(entry, expected() + " (a whole number)");
        }
        checkRange(entry, value);
        long largest = javaType == Long.class ? Long.MAX_VALUE : Integer.MAX_VALUE;
        if (value.compareTo(BigDecimal.valueOf(largest)) > 0) {
            throw new InvalidValue(entry, expected() + ", at most " + largest);
        }
        if (javaType == Long.class) { // not a ?: expression, which would widen an Integer to a Long
            return value.longValueExact();
        }
        return value.intValueExact();
    }

    private Double toNumber(YamlMapping.Entry entry) throws InvalidValue {
        BigDecimal value = toDecimal(entry);
        checkRange(entry, value);
        double number = value.doubleValue();
        if (Double.isInfinite(number)) {
            throw new InvalidValue(entry, expected() + " (a finite number)");
        }
        return number;
    }

    private BigDecimal toDecimal(YamlMapping.Entry entry) throws InvalidValue {
        if (entry.value() instanceof Double number) {
            if (number.isNaN() || number.isInfinite()) {
                throw new InvalidValue(entry, expected());
            }
            return BigDecimal.valueOf(number);
        }
        if (entry.value() instanceof Number number) {
            return new BigDecimal(number.toString());
        }
        if (entry.value() instanceof String text) {
            try {
                return new BigDecimal(text.strip());
            } catch (NumberFormatException e) {
                throw new InvalidValue(entry, expected());
            }
        }
        throw new InvalidValue(entry, expected());
    }

    private void checkRange(YamlMapping.Entry entry, BigDecimal value) throws InvalidValue {
        if ((min != null && value.compareTo(min) < 0) || (max != null && value.compareTo(max) > 0)) {
            throw new InvalidValue(entry, expected());
        }
    }

    private static String plain(BigDecimal number) {
        return number.stripTrailingZeros().toPlainString();
    }

    /** A value as the reference and messages show it: {@code 1m}, {@code 0} (not {@code 0.0}). */
    public static String show(Object value) {
        if (value instanceof Duration duration) {
            return DurationText.format(duration);
        }
        if (value instanceof Double number) {
            return plain(BigDecimal.valueOf(number));
        }
        return String.valueOf(value);
    }

    @Override
    public String toString() {
        return name;
    }

    /** A YAML list of distinct, non-empty names; empty by default. */
    @SuppressWarnings("unchecked")
    public static Builder<List<String>> textList(String name) {
        return new Builder<>(name, Type.TEXT_LIST, (Class<List<String>>) (Class<?>) List.class, null)
                .byDefault(List.of())
                .defaultText("none");
    }

    public static Builder<String> text(String name) {
        return new Builder<>(name, Type.TEXT, String.class, null);
    }

    public static Builder<Integer> integer(String name, String unit) {
        return new Builder<>(name, Type.INTEGER, Integer.class, unit);
    }

    /** A whole number that may exceed {@link Integer#MAX_VALUE} (e.g. microseconds). */
    public static Builder<Long> longInteger(String name, String unit) {
        return new Builder<>(name, Type.INTEGER, Long.class, unit);
    }

    public static Builder<Double> number(String name, String unit) {
        return new Builder<>(name, Type.NUMBER, Double.class, unit);
    }

    public static Builder<Boolean> bool(String name) {
        return new Builder<>(name, Type.BOOLEAN, Boolean.class, null);
    }

    public static <E extends Enum<E>> Builder<E> enumeration(String name, Class<E> type) {
        return new Builder<>(name, Type.ENUM, type, null);
    }

    public static Builder<Duration> duration(String name) {
        return new Builder<>(name, Type.DURATION, Duration.class, null);
    }

    public static <T> Builder<T> structured(String name, String unit, Converter<T> converter) {
        Builder<T> spec = new Builder<>(name, Type.STRUCTURED, null, unit);
        spec.converter = converter;
        return spec;
    }

    /** A key recognised but not implemented: always an error that says so (with its meaning). */
    public static Builder<Object> notSupported(String name) {
        return new Builder<>(name, Type.NOT_SUPPORTED, Object.class, null).defaultText("none");
    }

    /** Reads a {@link Type#STRUCTURED} value. */
    @FunctionalInterface
    public interface Converter<T> {
        T convert(YamlMapping.Entry entry) throws InvalidValue;
    }

    /** Collects a key's attributes while it is declared; {@link #build()} makes the key. */
    public static final class Builder<T> {

        private final String name;
        private final Type type;
        private final Class<T> javaType;
        private final String unit;
        private T defaultValue;
        private String defaultText;
        private boolean required;
        private BigDecimal min;
        private BigDecimal max;
        private String meaning;
        private ConfigKey<?> alternativeTo;
        private List<ConfigKey<?>> requiredUnless = List.of();
        private Converter<T> converter;
        private String allowed;
        private String expected;
        private boolean ignoreCase;
        private boolean absentWhenEmpty;

        private Builder(String name, Type type, Class<T> javaType, String unit) {
            this.name = name;
            this.type = type;
            this.javaType = javaType;
            this.unit = unit;
        }

        public Builder<T> byDefault(T value) {
            this.defaultValue = value;
            return this;
        }

        public Builder<T> defaultText(String text) {
            this.defaultText = text;
            return this;
        }

        public Builder<T> required() {
            this.required = true;
            return this;
        }

        /** Required unless the file gives one of {@code others}. */
        public Builder<T> requiredUnless(ConfigKey<?>... others) {
            this.required = true;
            this.requiredUnless = List.of(others);
            return this;
        }

        public Builder<T> allowed(String text) {
            this.allowed = text;
            return this;
        }

        public Builder<T> expected(String text) {
            this.expected = text;
            return this;
        }

        /**
         * A key written with no value ({@code key:}) or blank text counts as left out, as upstream's Pulsar
         * files are read (they ship {@code tlsTrustCertsFilePath:} empty); otherwise that is an error.
         */
        public Builder<T> absentWhenEmpty() {
            this.absentWhenEmpty = true;
            return this;
        }

        /** For an enum: accept its values in any letter case (as upstream's files were read). */
        public Builder<T> ignoringCase() {
            this.ignoreCase = true;
            return this;
        }

        public Builder<T> atLeast(long value) {
            this.min = BigDecimal.valueOf(value);
            return this;
        }

        public Builder<T> atMost(long value) {
            this.max = BigDecimal.valueOf(value);
            return this;
        }

        public Builder<T> alternativeTo(ConfigKey<?> field) {
            this.alternativeTo = field;
            return this;
        }

        public Builder<T> meaning(String text) {
            this.meaning = text;
            return this;
        }

        public ConfigKey<T> build() {
            return new ConfigKey<>(this);
        }
    }
}
