package io.openmessaging.benchmark.cli;

import com.beust.jcommander.JCommander;
import com.beust.jcommander.ParameterDescription;
import io.openmessaging.benchmark.config.Suggestions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds options JCommander does not know but would take for file names (it hands an unknown {@code --x} to
 * the positional parameters), so that {@code --output-dirr} is a usage error with a suggestion instead of
 * "no such file".
 */
public final class UnknownOptions {

    private UnknownOptions() {}

    /**
     * The first argument of {@code args} that looks like an option and is none of {@code commander}'s, with
     * a did-you-mean, or {@code null} when there is none. Values of known options are skipped, so {@code
     * --stall-timeout-seconds -5} is not taken for an option.
     */
    public static String find(JCommander commander, String[] args) {
        Map<String, ParameterDescription> known = new HashMap<>();
        for (ParameterDescription parameter : commander.getParameters()) {
            for (String name : parameter.getParameter().names()) {
                known.put(name, parameter);
            }
        }
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            ParameterDescription parameter = known.get(arg);
            if (parameter != null) {
                Class<?> type = parameter.getParameterized().getType();
                if (type != boolean.class && type != Boolean.class && !parameter.isHelp()) {
                    i++; // its value, whatever it looks like
                }
            } else if (arg.startsWith("-") && arg.length() > 1 && !arg.contains("=")) {
                List<String> names = new ArrayList<>(known.keySet());
                names.sort(null);
                return "unknown option '" + arg + "'" + Suggestions.didYouMean(arg, names);
            }
        }
        return null;
    }
}
