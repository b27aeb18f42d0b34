package io.openmessaging.benchmark.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParametersDelegate;
import io.openmessaging.benchmark.workload.WorkloadSchema;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;

/**
 * {@code bin/benchmark completion [bash|zsh]}: prints a completion script for {@code bin/benchmark}, made from
 * the commands' own option declarations, so it names exactly the options this build accepts.
 *
 * <pre>
 * source &lt;(bin/benchmark completion)                           # bash, this shell
 * bin/benchmark completion &gt; ~/.local/share/bash-completion/completions/benchmark   # bash, every new shell
 * source &lt;(bin/benchmark completion zsh)                       # zsh
 * </pre>
 *
 * <p>It completes the command (first word), the options of the command typed (any word starting with
 * {@code -}), the values of an option that takes one of a few ({@code --topology SPLIT|SWARM}, the workload
 * keys of {@code --set}, the shells of {@code completion}, the commands of {@code help}, the actions of {@code
 * study} and, after {@code study show} and {@code study run}, the names of the studies found when the script was printed) and file
 * names otherwise. The zsh script is the same function, run by zsh's {@code bashcompinit}; so the function keeps
 * to what both shells understand (no {@code mapfile}).
 */
final class CompletionCommand {

    static final String NAME = "completion";
    static final List<String> SHELLS = List.of("bash", "zsh");
    static final String USAGE =
            "usage: bin/benchmark completion [bash|zsh]   (prints a completion script; default: bash)";

    private CompletionCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            out.println(USAGE);
            out.println("  source <(bin/benchmark completion)      completes bin/benchmark in this bash");
            out.println("  bin/benchmark completion > ~/.local/share/bash-completion/completions/benchmark");
            out.println("                                          ... and in every new bash");
            out.println(
                    "  source <(bin/benchmark completion zsh)  completes bin/benchmark in this zsh (put it in ~/.zshrc");
            out.println("                                          for every new one)");
            return Benchmark.EXIT_OK;
        }
        if (args.length > 1 || (args.length == 1 && !SHELLS.contains(args[0]))) {
            err.println("error: unknown shell '" + String.join(" ", args) + "'; the shells supported are "
                    + String.join(" and ", SHELLS));
            err.println(USAGE);
            return Benchmark.EXIT_USAGE;
        }
        out.print(args.length == 1 && args[0].equals("zsh") ? zshScript() : bashScript());
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
        options.put(StudyCommand.NAME, optionNames(new StudyRunCommand()));
        options.put(NAME, List.of("--help"));
        return options;
    }

    /**
     * The values of the options that take one of a few, by option name (the same for every command that has
     * the option): an enum's constants ({@code --topology}) and the workload keys of {@code --set} (as {@code
     * key=}).
     */
    static Map<String, List<String>> optionValues() {
        Map<String, List<String>> values = new TreeMap<>();
        for (Object command : List.of(new RunCommand(), new SweepCommand())) {
            collectValues(command, values);
        }
        values.put(
                "--set",
                WorkloadSchema.SCHEMA.keys().stream()
                        .map(key -> key.name() + "=")
                        .toList());
        return values;
    }

    /**
     * The words a command takes as its first argument, where they are few: {@code completion}'s shells, {@code
     * help}'s commands.
     */
    static Map<String, List<String>> commandArguments() {
        Map<String, List<String>> arguments = new LinkedHashMap<>();
        arguments.put(NAME, SHELLS);
        arguments.put(StudyCommand.NAME, StudyCommand.ACTIONS);
        arguments.put(
                Benchmark.HELP_COMMAND,
                Benchmark.COMMANDS.stream()
                        .filter(name -> !name.equals(Benchmark.HELP_COMMAND) && !name.equals(Benchmark.VERSION_COMMAND))
                        .toList());
        return arguments;
    }

    /** Every option name declared by {@code @Parameter} on {@code command} and its delegates, sorted. */
    static List<String> optionNames(Object command) {
        TreeSet<String> names = new TreeSet<>();
        forEachOption(command, (field, parameter) -> names.addAll(List.of(parameter.names())));
        return new ArrayList<>(names);
    }

    private static void collectValues(Object command, Map<String, List<String>> values) {
        forEachOption(command, (field, parameter) -> {
            if (field.getType().isEnum()) {
                List<String> constants = new ArrayList<>();
                for (Object constant : field.getType().getEnumConstants()) {
                    constants.add(((Enum<?>) constant).name());
                }
                for (String name : parameter.names()) {
                    values.put(name, constants);
                }
            }
        });
    }

    private static void forEachOption(Object object, BiConsumer<Field, Parameter> action) {
        for (Class<?> type = object.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                Parameter parameter = field.getAnnotation(Parameter.class);
                if (parameter != null && !parameter.hidden()) {
                    action.accept(field, parameter);
                }
                if (field.isAnnotationPresent(ParametersDelegate.class)) {
                    try {
                        field.setAccessible(true);
                        Object delegate = field.get(object);
                        if (delegate != null) {
                            forEachOption(delegate, action);
                        }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("cannot read the options of " + field, e);
                    }
                }
            }
        }
    }

    static String bashScript() {
        return "# bash completion for bin/benchmark, printed by: bin/benchmark completion\n"
                + "# Use: source <(bin/benchmark completion)\n"
                + function()
                + "complete -o filenames -F _messaging_benchmark benchmark bin/benchmark ./bin/benchmark\n";
    }

    /** zsh runs the bash function through its bash-compatible completion ({@code bashcompinit}). */
    static String zshScript() {
        return "# zsh completion for bin/benchmark, printed by: bin/benchmark completion zsh\n"
                + "# Use: source <(bin/benchmark completion zsh)   (or put that line in ~/.zshrc)\n"
                + "autoload -U +X compinit && { (( $+functions[compdef] )) || compinit; }\n"
                + "autoload -U +X bashcompinit && bashcompinit\n"
                + function()
                + "complete -o filenames -F _messaging_benchmark benchmark bin/benchmark ./bin/benchmark\n";
    }

    /**
     * The completion function, in what bash and zsh's {@code bashcompinit} both run: words are matched by a loop
     * of its own (zsh's {@code compgen -W} ignores the word typed), file names come from {@code compgen -f} split
     * on new lines only, so names with spaces stay whole.
     */
    private static String function() {
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
        StringBuilder values = new StringBuilder();
        for (Map.Entry<String, List<String>> entry : optionValues().entrySet()) {
            values.append("    ")
                    .append(entry.getKey())
                    .append(") values='")
                    .append(String.join(" ", entry.getValue()))
                    .append("' ;;\n");
        }
        StringBuilder arguments = new StringBuilder();
        for (Map.Entry<String, List<String>> entry : commandArguments().entrySet()) {
            arguments
                    .append("      ")
                    .append(entry.getKey())
                    .append(") values='")
                    .append(String.join(" ", entry.getValue()))
                    .append("' ;;\n");
        }
        List<String> commands = new ArrayList<>(Benchmark.COMMANDS);
        return "_messaging_benchmark_words() {   # the words of $1 (space-separated) that start with $2\n"
                + "  local IFS=' ' word\n"
                + "  for word in $1; do\n"
                + "    case $word in \"$2\"*) COMPREPLY+=(\"$word\") ;; esac\n"
                + "  done\n"
                + "}\n"
                + "_messaging_benchmark() {\n"
                + "  local cur=${COMP_WORDS[COMP_CWORD]} previous='' command='' options values='' IFS=$'\\n'\n"
                + "  if [ \"$COMP_CWORD\" -gt 0 ]; then previous=${COMP_WORDS[COMP_CWORD-1]}; fi\n"
                + "  if [ \"$COMP_CWORD\" -gt 1 ]; then command=${COMP_WORDS[1]}; fi\n"
                + "  case \"$command\" in\n"
                + cases
                + "  esac\n"
                + "  case \"$previous\" in\n"
                + values
                + "  esac\n"
                + "  if [ \"$COMP_CWORD\" -eq 2 ]; then\n"
                + "    case \"$command\" in\n"
                + arguments
                + "    esac\n"
                + "  fi\n"
                + "  if [ \"$COMP_CWORD\" -eq 3 ] && [ \"$command\" = " + StudyCommand.NAME
                + " ] && { [ \"${COMP_WORDS[2]}\" = show ] || [ \"${COMP_WORDS[2]}\" = run ]; }; then\n"
                + "    values='" + String.join(" ", StudyCommand.studyNames()) + "'\n"
                + "  fi\n"
                + "  COMPREPLY=()\n"
                + "  if [ -n \"$values\" ]; then\n"
                + "    _messaging_benchmark_words \"$values\" \"$cur\"\n"
                + "  elif [[ $cur == -* ]]; then\n"
                + "    _messaging_benchmark_words \"$options\" \"$cur\"\n"
                + "  else\n"
                + "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
                + "      _messaging_benchmark_words '" + String.join(" ", commands) + "' \"$cur\"\n"
                + "    fi\n"
                + "    COMPREPLY+=( $(compgen -f -- \"$cur\") )\n"
                + "  fi\n"
                + "}\n";
    }
}
