package io.openmessaging.benchmark.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Result files are written with jackson-jr (a run never loads databind, see {@link ResultFiles}) and read with
 * databind. The bytes written are the bytes databind writes for the same result with the same pretty printer,
 * for a result in which every field of every result class holds a value (each type's edge values too: NaN,
 * infinities, negative zero, large and small magnitudes, escapes in strings), so a field whose type jackson-jr
 * writes otherwise shows up here, not in a reader's parser.
 */
class ResultWriterParityTest {

    private static final ObjectWriter DATABIND = JsonMapper.builder()
            .build()
            .writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    @TempDir
    Path dir;

    @Test
    void everyFieldFilledIsWrittenAsDatabindWritesIt() throws Exception {
        TestResult result = new Filler().fill(TestResult.class);
        assertThat(result.metadata.clockOffsets).isNotEmpty();
        assertThat(result.rateSearch).isNotNull();
        assertThat(result.backlogPhases).isNotNull();

        assertThat(written(result)).isEqualTo(databind(result));
    }

    @Test
    void theSampleRunAndAnEmptyResultAreWrittenAsDatabindWritesThem() throws Exception {
        TestResult sample = SampleResults.twoPeriodRun();
        TestResult empty = new TestResult();

        assertThat(written(sample)).isEqualTo(databind(sample));
        assertThat(written(empty)).isEqualTo(databind(empty)).contains("\"failureReason\" : null");
    }

    private String written(TestResult result) throws Exception {
        Path file = ResultFiles.writeTo(result, dir.resolve("result.json"));
        try {
            return Files.readString(file);
        } finally {
            Files.delete(file);
        }
    }

    private static String databind(TestResult result) throws Exception {
        return new String(DATABIND.writeValueAsBytes(result), StandardCharsets.UTF_8) + "\n";
    }

    /** Gives every public instance field a value of its declared type, recursively, edge values included. */
    private static final class Filler {
        private static final double[] DOUBLES = {
            1.5, Double.NaN, Double.POSITIVE_INFINITY, -0.0, 1.0E-7, 123_456.789, 1.0E21, Double.NEGATIVE_INFINITY, 0.1
        };
        private static final String[] STRINGS = {"plain", "with \"quotes\", a \\ and a\nnew line", "é ü 北 \u0001"};
        private int next;

        <T> T fill(Class<T> type) throws Exception {
            @SuppressWarnings("unchecked")
            T value = (T) valueOf(type);
            return value;
        }

        private Object valueOf(Type type) throws Exception {
            int n = next++;
            if (type instanceof ParameterizedType parameterized) {
                Class<?> raw = (Class<?>) parameterized.getRawType();
                Type[] arguments = parameterized.getActualTypeArguments();
                if (List.class.isAssignableFrom(raw)) {
                    List<Object> list = new ArrayList<>();
                    list.add(valueOf(arguments[0]));
                    list.add(valueOf(arguments[0]));
                    return list;
                }
                if (Map.class.isAssignableFrom(raw)) {
                    Map<Object, Object> map = new TreeMap<>();
                    map.put(valueOf(arguments[0]), valueOf(arguments[1]));
                    map.put(valueOf(arguments[0]), valueOf(arguments[1]));
                    return map;
                }
                throw new AssertionError("no filler for " + type);
            }
            Class<?> raw = (Class<?>) type;
            if (raw == Double.class || raw == double.class) {
                return DOUBLES[n % DOUBLES.length];
            }
            if (raw == Long.class || raw == long.class) {
                return n % 2 == 0 ? 1_738_328_709_250L + n : -n;
            }
            if (raw == Integer.class || raw == int.class) {
                return 3 + n;
            }
            if (raw == Boolean.class || raw == boolean.class) {
                return n % 2 == 0;
            }
            if (raw == String.class) {
                return STRINGS[n % STRINGS.length] + n;
            }
            if (raw.isEnum()) {
                return raw.getEnumConstants()[n % raw.getEnumConstants().length];
            }
            if (raw.isRecord()) {
                RecordComponent[] components = raw.getRecordComponents();
                Object[] arguments = new Object[components.length];
                Class<?>[] types = new Class<?>[components.length];
                for (int i = 0; i < components.length; i++) {
                    arguments[i] = valueOf(components[i].getGenericType());
                    types[i] = components[i].getType();
                }
                return raw.getDeclaredConstructor(types).newInstance(arguments);
            }
            Object instance = raw.getDeclaredConstructor().newInstance();
            int filled = 0;
            for (Field field : raw.getFields()) {
                if (Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())) {
                    continue;
                }
                field.set(instance, valueOf(field.getGenericType()));
                filled++;
            }
            assertThat(filled).as("public fields filled in " + raw.getName()).isPositive();
            return instance;
        }
    }
}
