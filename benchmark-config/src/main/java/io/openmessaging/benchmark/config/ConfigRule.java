package io.openmessaging.benchmark.config;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A rule across keys, checked after every key has a valid value of its own: when {@code broken} holds,
 * {@code problem} says what is wrong, placed at the first of the rule's keys the file gives.
 */
public final class ConfigRule {

    private final String documentation;
    private final List<ConfigKey<?>> keys;
    private final Predicate<ConfigValues> broken;
    private final Function<ConfigValues, String> problem;

    /**
     * @param documentation one sentence for the reference
     * @param keys the keys the rule concerns, the first one given placing the message
     * @param broken whether the values break the rule
     * @param problem the message when they do, naming the values as written ({@link ConfigValues#show})
     */
    public ConfigRule(
            String documentation,
            List<ConfigKey<?>> keys,
            Predicate<ConfigValues> broken,
            Function<ConfigValues, String> problem) {
        this.documentation = documentation;
        this.keys = List.copyOf(keys);
        this.broken = broken;
        this.problem = problem;
    }

    /** One sentence for the reference. */
    public String documentation() {
        return documentation;
    }

    /** The problem with {@code values}, located at the first of the rule's keys the file gives, or empty. */
    public Optional<String> check(ConfigValues values, String sourceName) {
        if (!broken.test(values)) {
            return Optional.empty();
        }
        YamlMapping.Entry where = keys.stream()
                .filter(values::given)
                .map(values::entry)
                .findFirst()
                .orElse(null);
        return Optional.of(
                where == null
                        ? ConfigException.at(sourceName, 0, 0, problem.apply(values))
                        : ConfigException.at(sourceName, where.keyLine(), where.keyColumn(), problem.apply(values)));
    }
}
