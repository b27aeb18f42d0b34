package io.openmessaging.benchmark.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One command line the README or a documentation page shows in a fenced code block, as a shell would split
 * it: continuation lines joined, quotes removed, a trailing comment dropped, a {@code > file} redirection
 * kept apart from the words.
 *
 * @param source the Markdown file, relative to the repository root
 * @param line the command's first line in it (1-based)
 * @param text the command as written, continuation lines joined
 * @param words the words the shell would pass, the program first ({@code bin/benchmark})
 * @param stdoutFile the file of a {@code > file} redirection, or {@code null}
 */
record DocumentedCommand(String source, int line, String text, List<String> words, String stdoutFile) {

    private static final Pattern FENCE = Pattern.compile("^\\s*```.*");

    /** The program: {@code bin/benchmark}, {@code bin/benchmark-worker}, …. */
    String program() {
        return words.get(0);
    }

    @Override
    public String toString() {
        return source + ":" + line + ": " + text;
    }

    /**
     * Every command of {@code programs} in the fenced code blocks of README.md and of every other Markdown file
     * of the repository (build output and tool caches left out), in file and line order.
     */
    static List<DocumentedCommand> find(Path repositoryRoot, List<String> programs) {
        List<DocumentedCommand> commands = new ArrayList<>();
        for (Path file : markdownFiles(repositoryRoot)) {
            commands.addAll(inFile(repositoryRoot, file, programs));
        }
        return commands;
    }

    private static List<Path> markdownFiles(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(path -> path.getFileName().toString().endsWith(".md"))
                    .filter(path -> {
                        String relative = root.relativize(path).toString();
                        return !relative.contains("target/")
                                && !relative.startsWith(".")
                                && !relative.contains("/.")
                                && !relative.contains("node_modules/");
                    })
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<DocumentedCommand> inFile(Path root, Path file, List<String> programs) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<DocumentedCommand> commands = new ArrayList<>();
        boolean inBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).matches()) {
                inBlock = !inBlock;
                continue;
            }
            String text = line.strip();
            if (text.startsWith("$ ")) {
                text = text.substring(2);
            }
            if (!inBlock || !startsWithProgram(text, programs)) {
                continue;
            }
            int first = i;
            while (text.endsWith("\\") && i + 1 < lines.size()) {
                text = text.substring(0, text.length() - 1).stripTrailing() + " "
                        + lines.get(++i).strip();
            }
            commands.add(parse(root.relativize(file).toString(), first + 1, text));
        }
        return commands;
    }

    private static boolean startsWithProgram(String text, List<String> programs) {
        for (String program : programs) {
            if (text.equals(program) || text.startsWith(program + " ")) {
                return true;
            }
        }
        return false;
    }

    /** Splits {@code text} as a POSIX shell would: quotes, backslashes, comments and {@code > file}. */
    static DocumentedCommand parse(String source, int line, String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        String stdoutFile = null;
        boolean redirect = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (c == '\\' && i + 1 < text.length()) {
                word = word == null ? new StringBuilder() : word;
                word.append(text.charAt(++i));
            } else if (Character.isWhitespace(c) || c == '>') {
                if (word != null) {
                    if (redirect) {
                        stdoutFile = word.toString();
                        redirect = false;
                    } else {
                        words.add(word.toString());
                    }
                    word = null;
                }
                redirect |= c == '>';
            } else if (c == '#' && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException(source + ":" + line + ": unbalanced quote in: " + text);
        }
        if (word != null) {
            if (redirect) {
                stdoutFile = word.toString();
            } else {
                words.add(word.toString());
            }
        }
        return new DocumentedCommand(source, line, text, List.copyOf(words), stdoutFile);
    }
}
