package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code bin/benchmark completion [bash]}: prints a bash completion script for {@code bin/benchmark}, made from
 * the commands' own option declarations, so it names exactly the options this build accepts.
 *
 * <pre>
 * source &lt;(bin/benchmark completion)                           # this shell
 * bin/benchmark completion &gt; ~/.local/share/bash-completion/completions/benchmark   # every new shell
 * </pre>
 *
 * <p>It completes the command (first word), the options of the command typed (any word starting with
 * {@code -}) and file names otherwise.
 */
final class CompletionCommand {

    static final String NAME = "completion";
    static final String USAGE = "usage: bin/benchmark completion [bash]   (prints a bash completion script; bash is"
            + " the only shell supported)";

    private CompletionCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            out.println(USAGE);
            out.println("  source <(bin/benchmark completion)      completes bin/benchmark in this shell");
            out.println("  bin/benchmark completion > ~/.local/share/bash-completion/completions/benchmark");
            out.println("                                          ... and in every new shell");
            return Benchmark.EXIT_OK;
        }
        if (args.length > 1 || (args.length == 1 && !args[0].equals("bash"))) {
            err.println("error: unknown shell '" + String.join(" ", args) + "'; bash is the only shell supported");
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        out.print(bashScript());
        return Benchmark.EXIT_OK;
    }

    /** The options of each command: the key "" is a benchmark run (no command). */
    static Map<String, List<String>> optionsByCommand() {
        Map<String, List<String>> options = new LinkedHashMap<>();
        options.put("", optionNames(new RunCommand()));
        options.put(ValidateCommand.NAME, optionNames(new ValidateCommand()));
        options.put(ReportCommand.NAME, optionNames(new ReportCommand()));
        options.put(CsvCommand.NAME, optionNames(new CsvCommand()));
        options.put(CompareCommand.NAME, optionNames(new CompareCommand.HelpListing()));
        options.put(SweepCommand.NAME, optionNames(new SweepCommand()));
        options.put(StopCommand.NAME, optionNames(new StopCommand()));
        options.put(NAME, List.of("--help"));
        return options;
    }

    /** Every option name declared by {@code @Parameter} on {@code command} and its delegates, sorted. */
    static List<String> optionNames(Object command) {
        TreeSet<String> names = new TreeSet<>();
        collect(command, names);
        return new ArrayList<>(names);
    }

    private static void collect(Object object, TreeSet<String> names) {
        for (Class<?> type = object.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                Parameter parameter = field.getAnnotation(Parameter.class);
                if (parameter != null && !parameter.hidden()) {
                    names.addAll(List.of(parameter.names()));
                }
                if (field.isAnnotationPresent(ParametersDelegate.class)) {
                    try {
                        field.setAccessible(true);
                        Object delegate = field.get(object);
                        if (delegate != null) {
                            collect(delegate, names);
                        }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("cannot read the options of " + field, e);
                    }
                }
            }
        }
    }

    static String bashScript() {
        StringBuilder cases = new StringBuilder();
        for (Map.Entry<String, List<String>> entry : optionsByCommand().entrySet()) {
            if (!entry.getKey().isEmpty()) {
                cases.append("    ")
                        .append(entry.getKey())
                        .append(") options='")
                        .append(String.join(" ", entry.getValue()))
                        .append("' ;;\n");
            }
        }
        cases.append("    *) options='")
                .append(String.join(" ", optionsByCommand().get("")))
                .append("' ;;\n");
        List<String> commands = new ArrayList<>(Benchmark.COMMANDS);
        return "# bash completion for bin/benchmark, printed by: bin/benchmark completion\n"
                + "# Use: source <(bin/benchmark completion)\n"
                + "_messaging_benchmark() {\n"
                + "  local cur=${COMP_WORDS[COMP_CWORD]} command='' options\n"
                + "  if [ \"$COMP_CWORD\" -gt 1 ]; then command=${COMP_WORDS[1]}; fi\n"
                + "  case \"$command\" in\n"
                + cases
                + "  esac\n"
                + "  COMPREPLY=()\n"
                + "  if [[ $cur == -* ]]; then\n"
                + "    mapfile -t COMPREPLY < <(compgen -W \"$options\" -- \"$cur\")\n"
                + "  else\n"
                + "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
                + "      mapfile -t COMPREPLY < <(compgen -W '" + String.join(" ", commands) + "' -- \"$cur\")\n"
                + "    fi\n"
                + "    mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -f -- \"$cur\")\n"
                + "  fi\n"
                + "}\n"
                + "complete -o filenames -F _messaging_benchmark benchmark bin/benchmark ./bin/benchmark\n";
    }
}
